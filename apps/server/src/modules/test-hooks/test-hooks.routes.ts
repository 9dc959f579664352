import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isInGroup } from '@retouch/shared/order-flow';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import type { Transaction } from '../../db/client';
import { AdvisoryLock, lockForTransaction } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { isMovable } from '../../lib/clock';
import { parseInput, uuidParam } from '../../lib/validation';
import { deliverStep, matchOrder } from '../order-flow/designer-commands';
import { findPendingAttempt, lockOrder } from '../order-flow/order-flow.repository';
import { runCommand } from '../order-flow/order-transition';
import { approveStep, takeReview } from '../order-flow/review-commands';
import { cancelLockedOrder } from '../order-flow/staff-commands';
import { OrderHistoryText } from '../orders/order-history';
import { findRoleIdByTitle } from '../permissions/permissions.repository';
import { insertUser } from '../users/users.repository';
import type { OrderWork } from '../work-queue/order-work';
import { findUserIdByEmail, lockWaitingOrders } from './test-hooks.repository';

const advanceSchema = z.object({
  ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
});

/**
 * Set-up steps for the browser journeys, registered only with TEST_HOOKS (refused in production):
 * they reach states that otherwise need other people's work, on the caller's own orders only.
 */
export interface TestHooksOptions {
  work: OrderWork;
}

export async function testHooksRoutes(app: FastifyInstance, { work }: TestHooksOptions) {
  // Moves this instance's clock forward (a server started with TEST_HOOKS runs on a movable clock), so a
  // test can let deadlines come; with several instances the test moves each of them.
  app.post('/api/test/clock/advance', async (request) => {
    const { ms } = parseInput(advanceSchema, request.body);
    if (!isMovable(app.clock)) throw new AppError(409, 'This server runs on a clock that cannot be moved');
    app.clock.advance(ms);
    return { now: app.clock.now().toISOString() };
  });

  // The instance dies (SIGKILL) right after the next command that changes an order commits, before it
  // publishes anything: the crash a scaled-out deployment must survive (its outbox, a retried send).
  app.post('/api/test/crash-after-next-commit', async () => {
    work.flow.afterCommit = () => process.kill(process.pid, 'SIGKILL');
    return { armed: true };
  });

  // Delivers an own order as if a designer's result had been approved (the original as the result): the
  // lifecycle's match, deliver and approve, by hook staff accounts, in one transaction.
  app.post('/api/test/orders/:id/deliver', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    const condition = await runCommand(work.flow, async (step) => {
      // One delivery at a time: the hook accounts hold one order each.
      await lockForTransaction(step.tx, AdvisoryLock.testHooks);
      const staff = await hookStaff(step.tx, step.now);
      const order = await lockOrder(step.tx, orderId);
      if (!order || order.userId !== userId) throw AppError.notFound(OrderHistoryText.notFound);
      if (isInGroup('waitingForDesigner', order.condition)) await matchOrder(step, orderId, staff.designer);
      const held = await lockOrder(step.tx, orderId);
      if (held?.executorId) await deliverStep(step, held.executorId, orderId, order.original);
      const delivered = await lockOrder(step.tx, orderId);
      if (delivered?.condition === OrderCondition.resultReview && !delivered.reviewerId) {
        const attempt = await findPendingAttempt(step.tx, orderId);
        if (attempt) await takeReview(step, orderId, attempt.id, staff.moderator);
      }
      const reviewed = await lockOrder(step.tx, orderId);
      await approveStep(step, reviewed?.reviewerId ?? staff.moderator);
      return (await lockOrder(step.tx, orderId))!.condition;
    });
    return { condition };
  });

  // Cancels every order waiting for a designer or for a moderator (not yet taken), returning its tokens,
  // so a staff journey starts from empty queues whatever the earlier journeys left behind.
  app.post('/api/test/orders/cancel-waiting', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const cancelled = await runCommand(work.flow, async (step) => {
      const waiting = await lockWaitingOrders(step.tx);
      for (const order of waiting) await cancelLockedOrder(step, order, userId);
      return waiting.length;
    });
    return { cancelled };
  });
}

const HOOK_STAFF = [
  { key: 'designer', role: RoleTitle.designer },
  { key: 'moderator', role: RoleTitle.moderator },
] as const;

/** The hook's designer and moderator accounts, made on first use. */
async function hookStaff(tx: Transaction, now: Date): Promise<Record<'designer' | 'moderator', string>> {
  const ids = { designer: '', moderator: '' };
  for (const { key, role } of HOOK_STAFF) {
    const email = `test-hook-${key}@retouch.invalid`;
    const found = await findUserIdByEmail(tx, email);
    if (found) {
      ids[key] = found;
      continue;
    }
    const roleId = await findRoleIdByTitle(tx, role);
    if (!roleId) throw new Error(`no role ${role}`);
    ids[key] = await insertUser(tx, {
      email,
      passwordHash: null,
      giveName: 'Test hook',
      familyName: key,
      roleId,
      emailConfirmedAt: now,
    });
  }
  return ids;
}
