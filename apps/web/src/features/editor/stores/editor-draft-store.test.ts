import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredChoices } from '../model/editor-draft';
import type * as DraftStore from './editor-draft-store';

// happy-dom has no IndexedDB: fake-indexeddb stands in, and Node's Blob, since happy-dom's does not
// survive a structured clone (a browser's does). The module is loaded afresh, so the connection it
// keeps open to this fake stays with this file.
let store: typeof DraftStore;
beforeAll(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  store = await import('./editor-draft-store');
  await store.clearDraft();
});
beforeEach(() => store.clearDraft());

const choices = (comment: string): StoredChoices => ({
  version: 1,
  persons: [{ name: 'photo', position: null, entries: [] }],
  activeIndex: 0,
  embeds: [],
  comment,
  sequence: 3,
});
const blob = (text: string, type: string) => new NodeBlob([text], { type }) as unknown as Blob;

describe('the editor draft on the device', () => {
  it('is nothing before anything was kept', async () => {
    expect(await store.readDraft()).toBeNull();
  });

  it('keeps the photos as files beside the choices', async () => {
    await store.writeDraft({
      choices: choices('first'),
      photo: { blob: blob('photo-bytes', 'image/png'), name: 'me.png', width: 800, height: 600 },
      facePhoto: { blob: blob('face-bytes', 'image/jpeg'), name: 'face.jpg' },
    });
    const draft = await store.readDraft();
    expect(draft?.choices).toEqual(choices('first'));
    expect(draft?.photo).toMatchObject({ name: 'me.png', width: 800, height: 600 });
    expect(await draft?.photo?.blob.text()).toBe('photo-bytes');
    expect(draft?.photo?.blob.type).toBe('image/png');
    expect(await draft?.facePhoto?.blob.text()).toBe('face-bytes');
  });

  it('writes the photos again only when told, the choices every time', async () => {
    await store.writeDraft({
      choices: choices('first'),
      photo: { blob: blob('photo-bytes', 'image/png'), name: 'me.png', width: 800, height: 600 },
    });
    await store.writeDraft({ choices: choices('second') });
    const draft = await store.readDraft();
    expect(draft?.choices.comment).toBe('second');
    expect(await draft?.photo?.blob.text()).toBe('photo-bytes');
    expect(draft?.facePhoto).toBeNull();

    await store.writeDraft({ choices: choices('third'), photo: null });
    expect((await store.readDraft())?.photo).toBeNull();
  });

  it('is forgotten once cleared', async () => {
    await store.writeDraft({ choices: choices('first') });
    await store.clearDraft();
    expect(await store.readDraft()).toBeNull();
  });

  it('reads a draft of another shape as none', async () => {
    await store.writeDraft({ choices: { ...choices('x'), version: 2 } as unknown as StoredChoices });
    expect(await store.readDraft()).toBeNull();
  });
});
