import { PersonProfileText, type PersonProfile } from '@retouch/shared/person-profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type MockAnswer, type RecordedCall } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const anna: PersonProfile = {
  _id: 'p-anna',
  name: 'Anna',
  notes: 'Natural look',
  checklist: ['Keep the freckles'],
  services: [],
  updatedAt: '2026-11-27T10:00:00.000Z',
};

/** Opens /profile with a server that keeps the profiles it is sent. */
async function openProfiles(
  initial: PersonProfile[],
  answers: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)> = {},
) {
  setSessionFlags({ isAdmin: false });
  let profiles = [...initial];
  const api = mockFetch({
    'GET /api/user/info': { body: aUser() },
    'GET /api/user/notifications': { body: { orderEmails: true } },
    'GET /api/services': { body: [] },
    'GET /api/user/person-profiles': () => ({ body: { profiles, max: 20 } }),
    'POST /api/user/person-profiles': (call) => {
      const saved = { ...anna, ...(call.body as object), _id: `p-${profiles.length + 1}` } as PersonProfile;
      profiles = [...profiles, saved];
      return { status: 201, body: saved };
    },
    'PUT /api/user/person-profiles/p-anna': (call) => {
      const saved = { ...anna, ...(call.body as object) } as PersonProfile;
      profiles = profiles.map((profile) => (profile._id === saved._id ? saved : profile));
      return { body: saved };
    },
    'DELETE /api/user/person-profiles/p-anna': () => {
      profiles = profiles.filter((profile) => profile._id !== 'p-anna');
      return { status: 204 };
    },
    ...answers,
  });
  const view = renderApp('/profile');
  const section = within(
    await screen
      .findByText(PersonProfileText.title)
      .then((title) => title.closest('.ant-card')! as HTMLElement),
  );
  return { ...view, ...api, section };
}

const dialog = async () => within(await screen.findByRole('dialog'));

describe('the person profiles of the profile page', () => {
  it('says there are none yet, then adds one with its notes and checklist', async () => {
    const { user, section, callsTo } = await openProfiles([]);
    expect(await section.findByText(PersonProfileText.empty)).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: PersonProfileText.add }));
    const form = await dialog();
    await user.type(form.getByLabelText(PersonProfileText.name), 'Anna');
    await user.type(form.getByLabelText(PersonProfileText.notes), 'Natural look');
    await user.click(form.getByRole('button', { name: PersonProfileText.addItem }));
    await user.type(form.getByLabelText(`${PersonProfileText.checklist} 1`), 'Keep the freckles');
    await user.click(form.getByRole('button', { name: PersonProfileText.save }));

    await waitFor(() => expect(callsTo('POST', '/api/user/person-profiles')).toHaveLength(1));
    expect(callsTo('POST', '/api/user/person-profiles')[0]!.body).toEqual({
      name: 'Anna',
      notes: 'Natural look',
      checklist: ['Keep the freckles'],
      services: [],
    });
    const item = within(await section.findByRole('listitem', { name: 'Anna' }));
    expect(item.getByText('Keep the freckles')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a name before anything is sent, and shows the server refusal in the dialog', async () => {
    const { user, section, callsTo } = await openProfiles([anna], {
      'POST /api/user/person-profiles': { status: 409, body: { message: PersonProfileText.nameTaken } },
    });
    await section.findByRole('listitem', { name: 'Anna' });
    await user.click(section.getByRole('button', { name: PersonProfileText.add }));
    const form = await dialog();
    await user.click(form.getByRole('button', { name: PersonProfileText.save }));
    expect(await form.findByText(PersonProfileText.nameRequired)).toBeInTheDocument();
    expect(callsTo('POST', '/api/user/person-profiles')).toHaveLength(0);

    await user.type(form.getByLabelText(PersonProfileText.name), 'anna');
    await user.click(form.getByRole('button', { name: PersonProfileText.save }));
    expect(await form.findByText(PersonProfileText.nameTaken)).toBeInTheDocument();
  });

  it('changes a profile', async () => {
    const { user, section, callsTo } = await openProfiles([anna]);
    const item = within(await section.findByRole('listitem', { name: 'Anna' }));
    await user.click(item.getByRole('button', { name: PersonProfileText.edit }));
    const form = await dialog();
    expect(form.getByLabelText(PersonProfileText.name)).toHaveValue('Anna');
    expect(form.getByLabelText(`${PersonProfileText.checklist} 1`)).toHaveValue('Keep the freckles');
    await user.clear(form.getByLabelText(PersonProfileText.notes));
    await user.type(form.getByLabelText(PersonProfileText.notes), 'Warm tones');
    await user.click(form.getByRole('button', { name: PersonProfileText.save }));
    await waitFor(() => expect(callsTo('PUT', '/api/user/person-profiles/p-anna')).toHaveLength(1));
    expect(callsTo('PUT', '/api/user/person-profiles/p-anna')[0]!.body).toMatchObject({
      notes: 'Warm tones',
    });
    expect(await section.findByText('Warm tones')).toBeInTheDocument();
  });

  it('deletes a profile only once the customer confirms', async () => {
    const { user, section, callsTo } = await openProfiles([anna]);
    const item = within(await section.findByRole('listitem', { name: 'Anna' }));
    await user.click(item.getByRole('button', { name: PersonProfileText.remove }));
    const confirm = within(
      (await screen.findByText(PersonProfileText.removeConfirm)).closest('.ant-popover')! as HTMLElement,
    );
    expect(callsTo('DELETE', '/api/user/person-profiles/p-anna')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: PersonProfileText.yes }));
    await waitFor(() => expect(callsTo('DELETE', '/api/user/person-profiles/p-anna')).toHaveLength(1));
    expect(await section.findByText(PersonProfileText.empty)).toBeInTheDocument();
  });

  it('offers to load the profiles again when they could not be loaded', async () => {
    const { section } = await openProfiles([], {
      'GET /api/user/person-profiles': { status: 500, body: { message: 'Internal error' } },
    });
    expect(await section.findByText(PersonProfileText.loadFailed)).toBeInTheDocument();
    expect(section.getByRole('button', { name: PersonProfileText.retry })).toBeInTheDocument();
  });
});
