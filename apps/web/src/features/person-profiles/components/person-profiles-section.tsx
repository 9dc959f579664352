import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import {
  PersonProfileText,
  type PersonProfile,
  type PersonProfileInput,
} from '@retouch/shared/person-profiles';
import { CustomerText } from '@retouch/shared/texts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Divider, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { usePersonProfiles } from '@/lib/api/get-person-profiles';
import { errorMessage } from '@/lib/api-client';
import { useDeletePersonProfile } from '../api/delete-person-profile';
import { useSavePersonProfile } from '../api/save-person-profile';
import { profileServices } from '../model/profile-form';
import { PersonProfileForm } from './person-profile-form';

interface PersonProfilesSectionProps {
  /** The public catalogue the default services are chosen from (undefined while it loads). */
  groups: readonly PublicGroup[] | undefined;
}

/** The profile page's person profiles: the list, a new one, changes and deletion (issue 23). */
export function PersonProfilesSection({ groups }: PersonProfilesSectionProps) {
  const profiles = usePersonProfiles();
  const save = useSavePersonProfile();
  const [editing, setEditing] = useState<PersonProfile | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { message } = App.useApp();
  const services = profileServices(groups ?? []);
  const full = profiles.data !== undefined && profiles.data.profiles.length >= profiles.data.max;

  const open = (target: PersonProfile | 'new') => {
    setProblem(null);
    setEditing(target);
  };
  const submit = async (body: PersonProfileInput) => {
    try {
      await save.mutateAsync({ id: editing && editing !== 'new' ? editing._id : null, body });
      setEditing(null);
      void message.success(PersonProfileText.saved);
    } catch (error) {
      setProblem(errorMessage(error, CustomerText.somethingWrong));
    }
  };

  return (
    <Card
      title={PersonProfileText.title}
      style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}
      extra={
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={!profiles.data || full}
          onClick={() => open('new')}
        >
          {PersonProfileText.add}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{PersonProfileText.intro}</Typography.Text>
        {full && <Typography.Text type="warning">{PersonProfileText.tooMany}</Typography.Text>}
        <ProfileList query={profiles} services={services} onEdit={open} />
      </Flex>
      {editing && (
        <PersonProfileForm
          profile={editing === 'new' ? null : editing}
          services={services}
          pending={save.isPending}
          problem={problem}
          onSubmit={(body) => void submit(body)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

interface ProfileListProps {
  query: ReturnType<typeof usePersonProfiles>;
  services: readonly PublicService[];
  onEdit: (profile: PersonProfile) => void;
}

function ProfileList({ query, services, onEdit }: ProfileListProps) {
  if (query.isPending) return <Skeleton active aria-busy="true" aria-label={PersonProfileText.loading} />;
  if (query.isError)
    return (
      <LoadError
        title={PersonProfileText.loadFailed}
        retryLabel={PersonProfileText.retry}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.profiles.length === 0) return <Empty description={PersonProfileText.empty} />;
  return (
    <ul aria-label={PersonProfileText.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {query.data.profiles.map((profile, index) => (
        <Fragment key={profile._id}>
          {index > 0 && <Divider style={{ margin: '12px 0' }} />}
          <ProfileItem profile={profile} services={services} onEdit={onEdit} />
        </Fragment>
      ))}
    </ul>
  );
}

/** A service's or an option's customer title, or nothing when the catalogue no longer offers it. */
function titleOf(id: string, services: readonly PublicService[]): string | undefined {
  for (const service of services) {
    if (service._id === id) return service.title.user;
    const option = service.optional.find((candidate) => candidate._id === id);
    if (option) return option.title.user;
  }
  return undefined;
}

function ProfileItem({
  profile,
  services,
  onEdit,
}: {
  profile: PersonProfile;
  services: readonly PublicService[];
  onEdit: (profile: PersonProfile) => void;
}) {
  const remove = useDeletePersonProfile();
  const { message } = App.useApp();
  const titles = profile.services.flatMap((entry) => titleOf(entry.id, services) ?? []);
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(profile._id);
      void message.success(PersonProfileText.removed);
    } catch (error) {
      void message.error(errorMessage(error, CustomerText.somethingWrong));
    }
  };
  return (
    <li aria-label={profile.name}>
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Typography.Text strong>{profile.name}</Typography.Text>
          {profile.notes && (
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{profile.notes}</Typography.Text>
          )}
          {profile.checklist.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {profile.checklist.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          )}
          {titles.length > 0 && (
            <Flex gap={4} wrap>
              {titles.map((title, index) => (
                <Tag key={index}>{title}</Tag>
              ))}
            </Flex>
          )}
        </Flex>
        <Flex gap="small">
          <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(profile)}>
            {PersonProfileText.edit}
          </Button>
          <Popconfirm
            title={PersonProfileText.removeConfirm}
            description={PersonProfileText.removeConfirmNote}
            okText={PersonProfileText.yes}
            cancelText={PersonProfileText.no}
            onConfirm={confirmRemove}
          >
            <Button type="link" danger loading={remove.isPending} icon={<DeleteOutlined aria-hidden />}>
              {PersonProfileText.remove}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    </li>
  );
}
