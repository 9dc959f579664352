import { describe, expect, it } from 'vitest';
import { faceSwap, teeth } from '../test/catalog';
import { editorReducer, initialEditorState, type EditorState } from './editor-reducer';
import { firstSendBlock } from './send-checks';

const photo = { file: new File(['x'], 'me.jpg'), url: 'blob:me', width: 10, height: 10 };
const loaded = editorReducer(initialEditorState, { type: 'photoLoaded', photo });
const withTeeth = editorReducer(loaded, { type: 'serviceChosen', service: teeth });
const rich = { main: 5, bonus: 6 };

const check = (state: EditorState, { loggedIn = true, balance = rich as typeof rich | null } = {}) =>
  firstSendBlock({ loggedIn, balance, state });

describe('firstSendBlock', () => {
  it('asks for the login before anything else', () => {
    expect(check(initialEditorState, { loggedIn: false, balance: null })).toBe('login');
  });

  it('then for a photo, before looking at the balance', () => {
    expect(check(initialEditorState, { balance: { main: 0, bonus: 0 } })).toBe('photo');
  });

  it('then for a total balance strictly above 10, before looking at the services', () => {
    expect(check(loaded, { balance: { main: 4, bonus: 6 } })).toBe('funds');
    expect(check(loaded, { balance: null })).toBe('funds');
    expect(check(loaded, { balance: { main: 5, bonus: 6 } })).toBe('services');
    expect(check(loaded, { balance: { main: 0, bonus: 11 } })).toBe('services');
  });

  it('then for the face photo a chosen service needs', () => {
    const needsFace = editorReducer(withTeeth, { type: 'serviceChosen', service: faceSwap });
    expect(check(needsFace)).toBe('facePhoto');
    const withFace = editorReducer(needsFace, {
      type: 'facePhotoChosen',
      facePhoto: { file: new File(['f'], 'face.jpg'), url: 'blob:face' },
    });
    expect(check(withFace)).toBeNull();
  });

  it('lets a complete order through', () => {
    expect(check(withTeeth)).toBeNull();
  });
});
