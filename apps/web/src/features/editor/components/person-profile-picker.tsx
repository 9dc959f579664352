import type { PublicGroup } from '@retouch/shared/catalog';
import { PersonProfileText, type PersonProfile } from '@retouch/shared/person-profiles';
import { UserOutlined } from '@ant-design/icons';
import { App, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import type { Dispatch } from 'react';
import { Link } from 'react-router';
import { usePersonProfiles } from '@/lib/api/get-person-profiles';
import { activePerson, type EditorAction, type EditorState } from '../model/editor-reducer';
import { profileEntries } from '../model/profile-entries';

interface PersonProfilePickerProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  loggedIn: boolean;
  /** The public catalogue; the profiles wait for it. */
  groups: readonly PublicGroup[] | undefined;
}

/**
 * The customer's person profiles under the persons (issue 23): one tap gives the chosen person a
 * profile's services and degrees and attaches its notes, which the order carries to the designer.
 */
export function PersonProfilePicker({ state, dispatch, loggedIn, groups }: PersonProfilePickerProps) {
  const profiles = usePersonProfiles(loggedIn);
  const { message } = App.useApp();
  if (!loggedIn) return null;
  const person = activePerson(state);

  const apply = (profile: PersonProfile) => {
    const { entries, skipped } = profileEntries(profile, groups ?? []);
    const { _id: id, name, notes, checklist } = profile;
    dispatch({ type: 'profileApplied', profile: { id, name, notes, checklist }, entries });
    void message.success(PersonProfileText.applied(name, person.name));
    if (skipped > 0) void message.warning(PersonProfileText.someUnavailable);
  };

  return (
    <section aria-label={PersonProfileText.applyTo(person.name)}>
      <Flex vertical gap="small">
        <Flex gap="small" align="center" wrap>
          <Typography.Text strong>{PersonProfileText.applyTo(person.name)}</Typography.Text>
          <Link to="/profile">{PersonProfileText.manage}</Link>
        </Flex>
        {profiles.isPending ? (
          <Skeleton.Button active size="small" aria-label={PersonProfileText.loading} />
        ) : profiles.isError ? (
          <Flex gap="small" align="center">
            <Typography.Text type="danger">{PersonProfileText.loadFailed}</Typography.Text>
            <Button size="small" onClick={() => void profiles.refetch()}>
              {PersonProfileText.retry}
            </Button>
          </Flex>
        ) : profiles.data.profiles.length === 0 ? (
          <Typography.Text type="secondary">{PersonProfileText.noneToApply}</Typography.Text>
        ) : (
          <Flex gap="small" wrap>
            {profiles.data.profiles.map((profile) => (
              <Button
                key={profile._id}
                size="small"
                icon={<UserOutlined aria-hidden />}
                type={person.profile?.id === profile._id ? 'primary' : 'default'}
                disabled={!groups}
                onClick={() => apply(profile)}
              >
                {profile.name}
              </Button>
            ))}
          </Flex>
        )}
        {person.profile && <AppliedProfileNote state={state} dispatch={dispatch} />}
      </Flex>
    </section>
  );
}

/** The profile the chosen person carries: its name (removable), notes and checklist. */
function AppliedProfileNote({ state, dispatch }: Pick<PersonProfilePickerProps, 'state' | 'dispatch'>) {
  const { profile } = activePerson(state);
  if (!profile) return null;
  return (
    <Flex vertical gap={4}>
      <div>
        <Tag
          color="blue"
          closable
          closeIcon={<span aria-label={PersonProfileText.detach}>×</span>}
          onClose={(event) => {
            event.preventDefault();
            dispatch({ type: 'profileDetached' });
          }}
        >
          {PersonProfileText.appliedTag(profile.name)}
        </Tag>
      </div>
      {profile.notes && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {profile.notes}
        </Typography.Text>
      )}
      {profile.checklist.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {profile.checklist.map((item, index) => (
            <li key={index}>
              <Typography.Text type="secondary">{item}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
