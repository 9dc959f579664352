import { PersonProfileText, type PersonProfile } from '@retouch/shared/person-profiles';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { DecodedImage, openEditor, pressSend, serviceCard, uploadPhoto } from '../test/editor-harness';
import { memoryDraft, resetMemoryDraft } from '../test/memory-draft-store';
import { EditorText } from '../texts';

vi.mock('@/features/editor/stores/editor-draft-store', () => import('../test/memory-draft-store'));

beforeAll(async () => {
  await import('@/pages/core-page');
});

beforeEach(() => {
  resetMemoryDraft();
  DecodedImage.size = { width: 1200, height: 800 };
  vi.stubGlobal('Image', DecodedImage);
});

const anna: PersonProfile = {
  _id: 'p-anna',
  name: 'Anna',
  notes: 'Natural look, please',
  checklist: ['Keep the freckles', 'No body reshaping'],
  services: [
    { id: 's-skin', isOptional: false, degreeAction: ['d-light'] },
    { id: 's-eyes', isOptional: false, degreeAction: [] },
    { id: 'o-whiten', isOptional: true, degreeAction: [] },
    // No longer in the catalogue, and an embed-type service: both left out.
    { id: 's-gone', isOptional: false, degreeAction: [] },
    { id: 's-sticker', isOptional: false, degreeAction: [] },
  ],
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const ben: PersonProfile = { ...anna, _id: 'p-ben', name: 'Ben', notes: '', checklist: [], services: [] };

const profilesAnswer = (profiles: PersonProfile[]) => ({
  'GET /api/user/person-profiles': { body: { profiles, max: 20 } },
});

const picker = (person: string) =>
  within(screen.getByRole('region', { name: PersonProfileText.applyTo(person) }));

describe('person profiles in the editor', () => {
  it('gives the chosen person a profile in one tap, and the order names it for that person', async () => {
    const requests = stubXhr();
    const view = await openEditor({ answers: profilesAnswer([anna, ben]) });
    await uploadPhoto(view);
    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    await view.user.click(serviceCard(/^Teeth whitening/));

    await view.user.click(await picker('Person 1').findByRole('button', { name: /Anna/ }));
    expect(await screen.findByText(PersonProfileText.applied('Anna', 'Person 1'))).toBeInTheDocument();
    expect(await screen.findByText(PersonProfileText.someUnavailable)).toBeInTheDocument();
    expect(picker('Person 1').getByText(PersonProfileText.appliedTag('Anna'))).toBeInTheDocument();
    expect(picker('Person 1').getByText('Natural look, please')).toBeInTheDocument();
    expect(picker('Person 1').getByText('Keep the freckles')).toBeInTheDocument();
    // The profile's services replace the person's: skin 5 + eyes 3 + whiten 2.
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('10');

    await pressSend(view);
    const confirm = within(await screen.findByRole('dialog', { name: EditorText.confirmTitle }));
    await view.user.click(confirm.getByRole('button', { name: EditorText.confirmSend }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const data = JSON.parse(requests[0]!.form.get('data') as string) as {
      order: { persons: Array<Record<string, unknown>> };
    };
    expect(data.order.persons).toEqual([
      {
        id: 'Person 1',
        orders: [
          { id: 's-skin', degreeAction: ['d-light'], isOptional: false },
          { id: 's-eyes', degreeAction: ['d-medium'], isOptional: false },
          { id: 'o-whiten', degreeAction: [], isOptional: true },
        ],
        profileId: 'p-anna',
      },
    ]);
    act(() => requests[0]!.respond(201, { _id: 'o-1', cost: 10, executionTime: 50, condition: 0 }));
  });

  it('keeps the profile in the draft and lets the customer take it off a person', async () => {
    const view = await openEditor({ answers: profilesAnswer([anna]) });
    await view.user.click(await picker('photo').findByRole('button', { name: /Anna/ }));
    await waitFor(() => expect(memoryDraft()?.choices.persons[0]?.profile?.id).toBe('p-anna'));

    await view.user.click(screen.getByLabelText(PersonProfileText.detach));
    await waitFor(() =>
      expect(picker('photo').queryByText(PersonProfileText.appliedTag('Anna'))).not.toBeInTheDocument(),
    );
    // The services stay; only the profile is taken off.
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('10');
  });

  it('says when there are no profiles yet and links to where they are made', async () => {
    await openEditor({ answers: profilesAnswer([]) });
    expect(await picker('photo').findByText(PersonProfileText.noneToApply)).toBeInTheDocument();
    expect(picker('photo').getByRole('link', { name: PersonProfileText.manage })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('is not shown to a visitor', async () => {
    const view = await openEditor({ loggedIn: false });
    expect(screen.queryByText(PersonProfileText.manage)).not.toBeInTheDocument();
    expect(view.callsTo('GET', '/api/user/person-profiles')).toHaveLength(0);
  });
});
