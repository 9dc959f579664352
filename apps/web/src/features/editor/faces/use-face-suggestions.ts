import { useEffect, useState, type Dispatch } from 'react';
import type { EditorAction, EditorState, LoadedPhoto, Point } from '../model/editor-reducer';
import { findFacesOnDevice } from './find-faces';
import {
  moveSuggestion,
  offeredSuggestions,
  suggestionsFromFaces,
  type FaceSuggestion,
} from './face-suggestions';

/** The suggestions found on one photo; another photo's are never shown. */
interface Found {
  photo: LoadedPhoto;
  suggestions: FaceSuggestion[];
}

export interface FaceSuggestions {
  /** A photo is loaded and its faces are still being looked for. */
  searching: boolean;
  offered: FaceSuggestion[];
  /** Faces not offered for want of room under the persons limit. */
  leftOut: number;
  accept: (id: number) => void;
  acceptAll: () => void;
  remove: (id: number) => void;
  move: (id: number, point: Point) => void;
}

/**
 * Faces found on the loaded photo, offered as person markers: accepting one marks a person there, and a
 * suggestion accepted or deleted is not offered again on that photo.
 */
export function useFaceSuggestions(state: EditorState, dispatch: Dispatch<EditorAction>): FaceSuggestions {
  const { photo } = state;
  const [found, setFound] = useState<Found | null>(null);

  useEffect(() => {
    if (!photo) return;
    let current = true;
    void findFacesOnDevice(photo.url).then((faces) => {
      if (current) setFound({ photo, suggestions: suggestionsFromFaces(faces, photo) });
    });
    return () => {
      current = false;
    };
  }, [photo]);

  const suggestions = photo && found?.photo === photo ? found.suggestions : [];
  const { offered, leftOut } = offeredSuggestions(suggestions, state.persons);
  const update = (change: (list: FaceSuggestion[]) => FaceSuggestion[]) =>
    setFound((current) => current && { ...current, suggestions: change(current.suggestions) });
  const drop = (ids: ReadonlySet<number>) => update((list) => list.filter((s) => !ids.has(s.id)));
  const accept = (chosen: FaceSuggestion[]) => {
    if (chosen.length === 0) return;
    dispatch({ type: 'personsAdded', points: chosen.map((suggestion) => suggestion.position) });
    drop(new Set(chosen.map((suggestion) => suggestion.id)));
  };

  return {
    searching: photo !== null && found?.photo !== photo,
    offered,
    leftOut,
    accept: (id) => accept(offered.filter((suggestion) => suggestion.id === id)),
    acceptAll: () => accept(offered),
    remove: (id) => drop(new Set([id])),
    move: (id, point) =>
      update((list) =>
        list.map((suggestion) =>
          suggestion.id === id && photo ? moveSuggestion(suggestion, point, photo) : suggestion,
        ),
      ),
  };
}
