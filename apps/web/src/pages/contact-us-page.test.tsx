import { FeedbackText } from '@retouch/shared/site';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteText } from '@/features/site/texts';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const sent = { body: { message: FeedbackText.sent } };

async function openContact(answer: MockAnswer = sent) {
  const api = mockFetch({ 'POST /api/feedback': answer });
  const view = renderApp('/contact-us');
  await screen.findByLabelText(SiteText.name);
  return { ...view, ...api };
}

type User = Awaited<ReturnType<typeof openContact>>['user'];

const consent = () => screen.getByRole('checkbox', { name: /I agree to the terms of use/ });
const submit = (user: User) =>
  user.click(within(screen.getByRole('main')).getByRole('button', { name: SiteText.send }));

async function fill(user: User, fields: { name?: string; email?: string; message?: string }, agree: boolean) {
  if (fields.name) await user.type(screen.getByLabelText(SiteText.name), fields.name);
  if (fields.email) await user.type(screen.getByLabelText(SiteText.email), fields.email);
  if (fields.message) await user.type(screen.getByLabelText(SiteText.message), fields.message);
  if (agree) await user.click(consent());
}

const complete = { name: 'Ann Lee', email: 'ann@example.com', message: 'Can you retouch a group photo?' };

beforeAll(async () => {
  await import('@/pages/contact-us-page');
});

describe('/contact-us', () => {
  it('has a title, a heading and labelled fields', async () => {
    await openContact();
    expect(screen.getByRole('heading', { level: 1, name: SiteText.contactUs })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: SiteText.email })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: SiteText.message })).toBeInTheDocument();
    expect(consent()).not.toBeChecked();
    await waitFor(() => expect(document.title).toBe(SiteText.contactDocumentTitle));
  });

  it.each([
    ['every field empty and no consent', {}, false],
    ['the message missing', { name: complete.name, email: complete.email }, true],
    ['the name blank', { ...complete, name: '   ' }, true],
    ['the e-mail missing', { name: complete.name, message: complete.message }, true],
  ])('says not all fields are filled in with %s, and sends nothing', async (_, fields, agree) => {
    const { user, callsTo } = await openContact();
    await fill(user, fields, agree);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FeedbackText.notAllFieldsFilled);
    expect(screen.queryByText(FeedbackText.termsNotAgreed)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/feedback')).toHaveLength(0);
  });

  it('asks for the consent once every field is filled in', async () => {
    const { user, callsTo } = await openContact();
    await fill(user, complete, false);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FeedbackText.termsNotAgreed);
    expect(callsTo('POST', '/api/feedback')).toHaveLength(0);
  });

  it('refuses an incorrect e-mail with the registration text', async () => {
    const { user, callsTo } = await openContact();
    await fill(user, { ...complete, email: 'ann@' }, true);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(CustomerText.emailInvalid);
    expect(callsTo('POST', '/api/feedback')).toHaveLength(0);
  });

  it('sends name, e-mail and message, shows the server text and clears the form', async () => {
    const { user, callsTo } = await openContact();
    await fill(user, { ...complete, name: ' Ann Lee ' }, true);
    await submit(user);

    expect(await screen.findByText(FeedbackText.sent)).toBeInTheDocument();
    expect(callsTo('POST', '/api/feedback').map((call) => call.body)).toEqual([complete]);
    expect(screen.getByLabelText(SiteText.name)).toHaveValue('');
    expect(screen.getByLabelText(SiteText.email)).toHaveValue('');
    expect(screen.getByLabelText(SiteText.message)).toHaveValue('');
    expect(consent()).not.toBeChecked();
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      { status: 429, body: { message: ServerText.tooManyRequests } },
      ServerText.tooManyRequests,
    ],
    ['a generic text without one', { status: 500, body: {} }, CustomerText.somethingWrong],
  ])('shows %s when the server refuses, keeping what was typed', async (_, answer, text) => {
    const { user } = await openContact(answer);
    await fill(user, complete, true);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(SiteText.message)).toHaveValue(complete.message);
  });

  it('can be filled in and sent with the keyboard alone', async () => {
    const { user, callsTo } = await openContact();
    screen.getByLabelText(SiteText.name).focus();
    await user.keyboard(complete.name);
    await user.tab();
    await user.keyboard(complete.email);
    await user.tab();
    await user.keyboard(complete.message);
    await user.tab();
    expect(consent()).toHaveFocus();
    await user.keyboard(' ');
    expect(consent()).toBeChecked();
    // Past the two links of the consent's label to the button.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: SiteText.send })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(FeedbackText.sent)).toBeInTheDocument();
    expect(callsTo('POST', '/api/feedback')).toHaveLength(1);
  });
});
