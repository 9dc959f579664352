import { describe, expect, it } from 'vitest';
import {
  OrderNotice,
  isAlerted,
  orderNoticeMessage,
  orderNoticeOf,
  pushSubscriptionSchema,
} from './notifications';
import { ORDER_TRANSITIONS } from './order-flow';
import { OrderCondition as C } from './orders';

describe('the notice a condition change brings the customer', () => {
  it('tells of a result approved, a refusal agreed, a cancellation and a designer found', () => {
    expect(orderNoticeOf(C.resultReview, C.done)).toBe(OrderNotice.resultReady);
    // An approved revision of a tipped order is a new result too.
    expect(orderNoticeOf(C.resultReview, C.doneTipped)).toBe(OrderNotice.resultReady);
    expect(orderNoticeOf(C.refusalReview, C.refused)).toBe(OrderNotice.refused);
    expect(orderNoticeOf(C.refusalReview, C.done)).toBe(OrderNotice.revisionDeclined);
    expect(orderNoticeOf(C.inWork, C.cancelled)).toBe(OrderNotice.cancelled);
    expect(orderNoticeOf(C.new, C.inWork)).toBe(OrderNotice.designerFound);
    expect(orderNoticeOf(C.requeued, C.inWork)).toBe(OrderNotice.designerFound);
  });

  it('tells nothing of the customer’s own steps nor of the steps between staff', () => {
    expect(orderNoticeOf(null, C.new)).toBeUndefined();
    expect(orderNoticeOf(C.done, C.doneTipped)).toBeUndefined();
    expect(orderNoticeOf(C.done, C.revision)).toBeUndefined();
    expect(orderNoticeOf(C.doneTipped, C.requeued)).toBeUndefined();
    expect(orderNoticeOf(C.inWork, C.resultReview)).toBeUndefined();
    expect(orderNoticeOf(C.inWork, C.refusalReview)).toBeUndefined();
    expect(orderNoticeOf(C.resultReview, C.fixing)).toBeUndefined();
    expect(orderNoticeOf(C.inWork, C.requeued)).toBeUndefined();
    // An event without its `from` (an older server) tells nothing rather than something wrong.
    expect(orderNoticeOf(undefined, C.done)).toBeUndefined();
  });

  it('has a notice for every way an order ends refused or cancelled', () => {
    for (const row of ORDER_TRANSITIONS) {
      for (const to of row.to) {
        if (!([C.refused, C.cancelled] as number[]).includes(to)) continue;
        for (const from of row.from) expect(orderNoticeOf(from, to), `${from} -> ${to}`).toBeDefined();
      }
    }
  });

  it('alerts by mail and push only of a ready result and a refusal', () => {
    expect(Object.values(OrderNotice).filter(isAlerted)).toEqual([
      OrderNotice.resultReady,
      OrderNotice.refused,
    ]);
  });

  it('tags the notification by order and notice, so a tab and a push replace each other', () => {
    expect(orderNoticeMessage('o-1', OrderNotice.refused)).toMatchObject({
      url: '/history',
      tag: 'order-o-1-refused',
    });
  });
});

describe('a browser’s push subscription', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
  };

  it('is taken as PushSubscription.toJSON() gives it', () => {
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
  });

  it('is refused without keys, with keys of the wrong size, or with an endpoint that is not http(s)', () => {
    expect(pushSubscriptionSchema.safeParse({ endpoint: subscription.endpoint }).success).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ ...subscription, keys: { ...subscription.keys, auth: 'abc' } })
        .success,
    ).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ ...subscription, endpoint: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });
});
