import { describe, expect, it } from 'vitest';
import { eyes, faceSwap, skin, teeth } from '../test/catalog';
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

  it("then for a balance that covers the order's cost, before any upload", () => {
    // Teeth whitening costs 2: 11 tokens send it, an order of 2 + 5 + 3 + 2 = 12 does not.
    expect(check(withTeeth, { balance: { main: 0, bonus: 11 } })).toBeNull();
    const dear = [skin, eyes, teeth].reduce(
      (state, service) => editorReducer(state, { type: 'serviceChosen', service }),
      editorReducer(withTeeth, { type: 'canvasClicked', point: { x: 10, y: 10 } }),
    );
    expect(check(dear, { balance: { main: 0, bonus: 11 } })).toBe('funds');
  });

  it('then for the face photo a chosen service needs', () => {
    const needsFace = editorReducer(withTeeth, { type: 'serviceChosen', service: faceSwap });
    // Teeth whitening and face swap cost 17.
    const enough = { balance: { main: 10, bonus: 10 } };
    expect(check(needsFace, enough)).toBe('facePhoto');
    const withFace = editorReducer(needsFace, {
      type: 'facePhotoChosen',
      facePhoto: { file: new File(['f'], 'face.jpg'), url: 'blob:face' },
    });
    expect(check(withFace, enough)).toBeNull();
  });

  it('lets a complete order through', () => {
    expect(check(withTeeth)).toBeNull();
  });
});
