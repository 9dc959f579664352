import { AccountUiText } from '@retouch/shared/accounts';
import { BREAKPOINTS } from '@retouch/shared/constants';
import type { PublicGroup } from '@retouch/shared/catalog';
import { OrderText } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import type { Balance } from '@retouch/shared/users';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Skeleton } from 'antd';
import { useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useMediaQuery } from '@/lib/use-media-query';
import { useOverload } from '../api/get-overload';
import { FaceSuggestionsPanel } from '../faces/face-suggestions-panel';
import { useFaceSuggestions } from '../faces/use-face-suggestions';
import { useEditorDraft } from '../hooks/use-editor-draft';
import { useSendOrder } from '../hooks/use-send-order';
import {
  allowsMessage,
  canAddPerson,
  editorReducer,
  hasMarks,
  initialEditorState,
  isBlank,
  needsFacePhoto,
  nextPersonName,
  timerMinutes,
  totalCost,
  type EditorAction,
  type EditorState,
} from '../model/editor-reducer';
import { orderSummary } from '../model/order-summary';
import { EditorText } from '../texts';
import { ChosenServices } from './chosen-services';
import { CommentBox } from './comment-box';
import { ConfirmSendModal } from './confirm-send-modal';
import { CookieNotice } from './cookie-notice';
import { CostPanel } from './cost-panel';
import { DraftBar } from './draft-bar';
import { EditorCanvas, type EditorCanvasHandle } from './editor-canvas';
import type { MarkerFocus } from './person-markers';
import { FacePhotoUpload } from './face-photo-upload';
import { InsufficientFundsModal } from './insufficient-funds-modal';
import { OptionSlider } from './option-slider';
import { PersonProfilePicker } from './person-profile-picker';
import { PersonsList } from './persons-list';
import { PersonsPanel } from './persons-panel';
import { PhotoUpload } from './photo-upload';
import { ServiceSlider } from './service-slider';
import { SmallPhotoWarning } from './small-photo-warning';

interface RetouchEditorProps {
  /** The public catalogue (`GET /api/services`). */
  catalogue: UseQueryResult<PublicGroup[]>;
  loggedIn: boolean;
  /** Null for a visitor, or while the user loads. */
  balance: Balance | null;
  /** Opens the buy-tokens dialog of the layout. */
  onBuyTokens: () => void;
  onLoginRequired: () => void;
}

/**
 * The retouch editor (customer-side sections 2 to 5): photo, persons, services, cost and sending. The
 * work in it is kept on the device until it is sent or discarded (`useEditorDraft`).
 */
export function RetouchEditor({
  catalogue,
  loggedIn,
  balance,
  onBuyTokens,
  onLoginRequired,
}: RetouchEditorProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const canvas = useRef<EditorCanvasHandle>(null);
  const overload = useOverload();
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  const mobileButtons = useMediaQuery(`(max-width: ${BREAKPOINTS.mobileButtons}px)`);
  const draft = useEditorDraft(state, dispatch, catalogue.data);
  const faces = useFaceSuggestions(state, dispatch);
  const sending = useSendOrder({ state, canvas, loggedIn, balance, onLoginRequired, onSent: draft.forget });
  const cost = totalCost(state);
  const minutes = timerMinutes(state);
  const [markerFocus, setMarkerFocus] = useState<MarkerFocus | null>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);

  const addPerson = () => {
    // A refused person (no photo, or the limit) is only the reducer's notice: the focus stays.
    if (canAddPerson(state)) setMarkerFocus({ name: nextPersonName(state.persons) });
    dispatch({ type: 'personAdded' });
  };

  // The reducer refuses some clicks (too many persons, no photo yet); each refusal is shown once.
  const shownNotice = useRef(0);
  useEffect(() => {
    if (!state.notice || state.notice.id === shownNotice.current) return;
    shownNotice.current = state.notice.id;
    void message.error(state.notice.text);
  }, [state.notice, message]);
  useRevokedWhenReplaced(state.photo?.url);
  useRevokedWhenReplaced(state.facePhoto?.url);

  return (
    <Flex vertical gap="large" style={{ paddingBottom: 80 }}>
      {overload.data?.status && <Alert type="warning" showIcon title={OrderText.overloaded} />}
      <Alert type="info" showIcon title={AccountUiText.picturesKept} />
      <Flex gap="large" vertical={mobile} align={mobile ? 'stretch' : 'flex-start'}>
        <Flex vertical gap="middle" style={{ maxWidth: '100%', minWidth: 0 }}>
          <PhotoUpload dispatch={dispatch} askBeforeReplacing={hasMarks(state)} buttonRef={uploadButton} />
          {!isBlank(state) && (
            <DraftBar
              status={draft.status}
              onDiscard={() => dispatch({ type: 'draftDiscarded' })}
              focusAfterDiscard={() => uploadButton.current}
            />
          )}
          {state.armedEmbed && (
            <Alert
              type="info"
              showIcon
              title={EditorText.placeEmbed(state.armedEmbed.service.title.user)}
              action={
                state.photo && (
                  <Button size="small" onClick={() => dispatch({ type: 'embedPlaced' })}>
                    {EditorText.placeEmbedNow}
                  </Button>
                )
              }
            />
          )}
          {state.photo && <SmallPhotoWarning photo={state.photo} />}
          <EditorCanvas
            ref={canvas}
            photo={state.photo}
            persons={state.persons}
            activeIndex={state.activeIndex}
            embeds={state.embeds}
            onCanvasClick={(point) => dispatch({ type: 'canvasClicked', point })}
            onPersonClick={(index) => dispatch({ type: 'personSelected', index })}
            onPersonMove={(index, offset) => dispatch({ type: 'personMoved', index, offset })}
            onPersonDelete={(index) => dispatch({ type: 'personDeleted', index })}
            markerFocus={markerFocus}
            faceSuggestions={faces.offered}
            onFaceSuggestionMove={faces.move}
            onFaceSuggestionAccept={faces.accept}
          />
          <FaceSuggestionsPanel faces={faces} />
          <PersonsPanel state={state} dispatch={dispatch} onAddPerson={addPerson} />
          <PersonProfilePicker
            state={state}
            dispatch={dispatch}
            loggedIn={loggedIn}
            groups={catalogue.data}
          />
        </Flex>
        <Flex vertical gap="middle" style={{ flex: '1 1 280px', minWidth: 0 }}>
          <CostPanel
            balance={loggedIn ? balance : null}
            cost={cost}
            minutes={minutes}
            serviceIds={state.persons.flatMap((person) => person.entries.map((entry) => entry.service._id))}
          />
          <Flex gap="small" vertical={mobileButtons} wrap>
            <Button type="primary" size="large" block={mobileButtons} onClick={sending.requestSend}>
              {EditorText.send}
            </Button>
            <Button size="large" block={mobileButtons} onClick={() => void navigate('/history')}>
              {EditorText.goToHistory}
            </Button>
          </Flex>
          <Link to="/how-to-use">{EditorText.howToUse}</Link>
          <PersonsList persons={state.persons} activeIndex={state.activeIndex} dispatch={dispatch} />
          <ChosenServices state={state} dispatch={dispatch} />
        </Flex>
      </Flex>
      <CatalogueSection catalogue={catalogue} state={state} dispatch={dispatch} />
      {allowsMessage(state) && <CommentBox value={state.comment} dispatch={dispatch} />}
      {needsFacePhoto(state) && <FacePhotoUpload facePhoto={state.facePhoto} dispatch={dispatch} />}
      <CookieNotice />
      {sending.dialog === 'funds' && (
        <InsufficientFundsModal
          balance={balance}
          cost={cost}
          onBuyTokens={onBuyTokens}
          onClose={sending.closeDialog}
        />
      )}
      {sending.dialog === 'confirm' && (
        <ConfirmSendModal
          summary={orderSummary(state)}
          progress={sending.progress}
          onSend={sending.send}
          onClose={sending.closeDialog}
        />
      )}
    </Flex>
  );
}

interface CatalogueSectionProps {
  catalogue: UseQueryResult<PublicGroup[]>;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}

/** The service slider and the options, with the catalogue's loading, failure and empty states. */
function CatalogueSection({ catalogue, state, dispatch }: CatalogueSectionProps) {
  if (catalogue.isPending) {
    return (
      <Flex
        gap="middle"
        role="status"
        aria-busy="true"
        aria-label={EditorText.loading}
        style={{ overflow: 'hidden' }}
      >
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton.Image key={index} active />
        ))}
      </Flex>
    );
  }
  if (catalogue.isError) {
    return (
      <LoadError
        title={CustomerText.somethingWrong}
        retryLabel={CustomerText.tryAgain}
        onRetry={() => void catalogue.refetch()}
      />
    );
  }
  // A group without active services has nothing to offer.
  const groups = catalogue.data.filter((group) => group.list.length > 0);
  if (groups.length === 0) return <Empty description={EditorText.empty} />;
  return (
    <Flex vertical gap="middle" role="region" aria-label={EditorText.services}>
      <ServiceSlider groups={groups} state={state} dispatch={dispatch} />
      <OptionSlider state={state} dispatch={dispatch} />
    </Flex>
  );
}

/** Revokes an object URL once the editor holds another one, or is left. */
function useRevokedWhenReplaced(url: string | undefined) {
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
}
