import { OrderText } from '@retouch/shared/orders';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecodedImage, openEditor, serviceCard, uploadPhoto, type EditorView } from '../test/editor-harness';
import { resetMemoryDraft } from '../test/memory-draft-store';
import { EditorText } from '../texts';

// The editor without a mouse (issue 25). The marker buttons are the real ones, over the stand-in stage
// at scale 1; the 1200 x 800 photo is drawn at x 50 to 650, y 0 to 400, its centre at (350, 200).

vi.mock('@/features/editor/stores/editor-draft-store', () => import('../test/memory-draft-store'));

beforeAll(async () => {
  await import('@/pages/core-page');
});

beforeEach(() => {
  resetMemoryDraft();
  DecodedImage.size = { width: 1200, height: 800 };
  vi.stubGlobal('Image', DecodedImage);
});

const markers = () =>
  within(screen.getByRole('list', { name: 'Markers' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const marker = (person: string) => screen.getByRole('button', { name: EditorText.markerOf(person) });
const addButton = () => screen.getByRole('button', { name: EditorText.addPerson });

/** Presses `keys` on `element`, as the keyboard does once the focus is there. */
async function press({ user }: EditorView, element: HTMLElement, keys: string) {
  element.focus();
  await user.keyboard(keys);
}

async function addPersons(view: EditorView, count: number) {
  for (let i = 0; i < count; i += 1) await press(view, addButton(), '{Enter}');
}

describe('persons from the keyboard', () => {
  it("adds a person at the photo's centre, selects them and puts the focus on their marker", async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 1);
    expect(markers()).toEqual(['Person 1 at 350,200']);
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    expect(marker('Person 1')).toHaveFocus();
    expect(marker('Person 1')).toHaveAttribute('aria-pressed', 'true');
    expect(marker('Person 1')).toHaveAccessibleDescription(EditorText.markerKeys);

    // The next one goes beside it, not on it.
    await addPersons(view, 1);
    expect(marker('Person 2')).toHaveFocus();
    expect(markers()[1]).not.toBe('Person 2 at 350,200');
  });

  it('refuses without a photo, as a click would, and leaves the focus where it was', async () => {
    const view = await openEditor({ loggedIn: false });
    await addPersons(view, 1);
    expect(await screen.findByText(OrderText.uploadPhotoFirst)).toBeInTheDocument();
    expect(addButton()).toHaveFocus();
    expect(markers()).toEqual([]);
  });

  it('refuses a 10th person with the specification text', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 10);
    expect(await screen.findByText(OrderText.maxPersons)).toBeInTheDocument();
    expect(markers()).toHaveLength(9);
    expect(addButton()).toHaveFocus();
  });

  it('moves the focused marker with the arrow keys, further with Shift, never off the photo', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 1);
    await view.user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(markers()).toEqual(['Person 1 at 360,205']);
    await view.user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(markers()).toEqual(['Person 1 at 360,185']);
    await view.user.keyboard(
      '{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}',
    );
    expect(markers()).toEqual(['Person 1 at 360,0']);
    expect(marker('Person 1')).toHaveFocus();
  });

  it('selects a person with Enter or Space on their marker', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 2);
    await press(view, marker('Person 1'), '{Enter}');
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    expect(marker('Person 1')).toHaveAttribute('aria-pressed', 'true');
    expect(marker('Person 2')).toHaveAttribute('aria-pressed', 'false');
    await press(view, marker('Person 2'), ' ');
    expect(screen.getByRole('radio', { name: 'Person 2' })).toBeChecked();
  });

  it('deletes a person with Delete or Backspace and moves the focus to the next marker', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 3);
    await press(view, marker('Person 2'), '{Delete}');
    expect(markers().map((text) => text?.split(' at ')[0])).toEqual(['Person 1', 'Person 3']);
    expect(marker('Person 3')).toHaveFocus();
    // The last marker hands the focus back to the one before it, and the last of all to the markers' group.
    await view.user.keyboard('{Backspace}');
    expect(marker('Person 1')).toHaveFocus();
    await view.user.keyboard('{Delete}');
    expect(markers()).toEqual([]);
    expect(screen.getByRole('group', { name: EditorText.markers })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'photo' })).toBeChecked();
  });

  it('places the picture of an embed-type service without a click on the photo', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    await view.user.click(screen.getByRole('tab', { name: 'Body' }));
    await press(view, serviceCard(/^Object removal/), '{Enter}');
    await press(view, screen.getByRole('button', { name: EditorText.placeEmbedNow }), '{Enter}');
    expect(screen.queryByText(EditorText.placeEmbed('Object removal'))).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: EditorText.removeService('Object removal') }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('4');
  });
});

describe('the list of persons', () => {
  const list = () => screen.getByRole('listbox', { name: EditorText.personsList });

  it('names each person with their number of services and marks the selected one', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    await addPersons(view, 2);
    await press(view, serviceCard(/^Eyes/), '{Enter}');
    await press(view, serviceCard(/^Teeth whitening/), '{Enter}');
    const options = within(list()).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'photo, 0 services',
      'Person 1, 0 services',
      'Person 2, 2 services',
    ]);
    expect(within(list()).getByRole('option', { name: 'Person 2, 2 services' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(list()).getByRole('option', { name: 'photo, 0 services' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await press(view, options[0]!, '{Enter}');
    await press(view, serviceCard(/^Teeth whitening/), '{Enter}');
    expect(within(list()).getByRole('option', { name: 'photo, 1 service' })).toBeInTheDocument();
  });

  it('is one stop of the Tab key, where the arrow keys, Home and End choose the person', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 2);
    const option = (name: string) => within(list()).getByRole('option', { name: new RegExp(`^${name},`) });
    expect(option('Person 2')).toHaveAttribute('tabindex', '0');
    expect(option('Person 1')).toHaveAttribute('tabindex', '-1');

    await press(view, option('Person 2'), '{ArrowUp}');
    expect(option('Person 1')).toHaveFocus();
    expect(option('Person 1')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    await view.user.keyboard('{Home}');
    expect(option('photo')).toHaveFocus();
    await view.user.keyboard('{ArrowUp}');
    expect(option('photo')).toHaveFocus();
    await view.user.keyboard('{End}');
    expect(option('Person 2')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Person 2' })).toBeChecked();
    await view.user.keyboard('{ArrowDown}');
    expect(option('Person 2')).toHaveFocus();
  });
});

describe('services, options and degrees', () => {
  it('say their price in their accessible names, and the degrees in their description', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    expect(serviceCard(/^Eyes/)).toHaveAccessibleName('Eyes 3 coins');
    await press(view, serviceCard(/^Eyes/), '{Enter}');
    expect(serviceCard(/^Eyes/)).toHaveAttribute('aria-pressed', 'true');
    const options = within(screen.getByRole('group', { name: EditorText.optionsOf('Eyes') }));
    expect(options.getByRole('button', { name: /^Whiten the whites/ })).toHaveAccessibleName(
      'Whiten the whites 2 coins',
    );
    const degree = screen.getByRole('radiogroup', { name: EditorText.degreeOf('Eyes') });
    expect(degree).toHaveAccessibleDescription('Eyes costs 3 coins at any degree');
    // (The arrow keys among the radios are the browser's: the journey editor-keyboard.spec.ts uses them.)
  });
});

describe('dialogs give the focus back to what opened them', () => {
  const dialog = (name: string) => screen.findByRole('dialog', { name });
  const sendButton = () => screen.getByRole('button', { name: EditorText.send });

  async function readyToSend(view: EditorView) {
    await uploadPhoto(view);
    await press(view, serviceCard(/^Teeth whitening/), '{Enter}');
  }

  it('the send confirmation, closed with Cancel or Escape', async () => {
    const view = await openEditor();
    await readyToSend(view);
    await press(view, sendButton(), '{Enter}');
    const confirm = await dialog(EditorText.confirmTitle);
    await view.user.click(within(confirm).getByRole('button', { name: EditorText.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sendButton()).toHaveFocus();

    await press(view, sendButton(), '{Enter}');
    const again = await dialog(EditorText.confirmTitle);
    within(again).getByRole('button', { name: EditorText.cancel }).focus();
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sendButton()).toHaveFocus();
  });

  it('the insufficient-funds dialog', async () => {
    const view = await openEditor({ balance: { main: 5, bonus: 5 } });
    await readyToSend(view);
    await press(view, sendButton(), '{Enter}');
    const funds = await dialog(EditorText.insufficientFundsTitle);
    await view.user.click(within(funds).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sendButton()).toHaveFocus();
  });

  it("the draft's start-over question", async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    const startOver = screen.getByRole('button', { name: EditorText.startOver });
    await press(view, startOver, '{Enter}');
    const discard = await dialog(EditorText.discardTitle);
    await view.user.click(within(discard).getByRole('button', { name: EditorText.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(startOver).toHaveFocus();
  });
});
