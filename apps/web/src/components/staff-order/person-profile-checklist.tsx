import type { StaffOrder } from '@retouch/shared/dispatch';
import { AdminPersonProfileText, type PersonProfileSnapshot } from '@retouch/shared/person-profiles';
import { Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';

/**
 * The customer's person profiles on an order (issue 23), next to the customer's comment: per person,
 * the profile's name, notes and checklist. The ticks are the staff member's own, kept on this screen.
 */
export function PersonProfileChecklists({ order }: { order: StaffOrder }) {
  const profiled = order.persons.flatMap((person) =>
    person.profile ? [{ person: person.id, profile: person.profile }] : [],
  );
  if (profiled.length === 0) return null;
  return (
    <section aria-label={AdminPersonProfileText.title}>
      <Typography.Title level={5}>{AdminPersonProfileText.title}</Typography.Title>
      <Flex vertical gap="middle">
        {profiled.map(({ person, profile }) => (
          <ProfileChecklist key={person} person={person} profile={profile} />
        ))}
      </Flex>
    </section>
  );
}

function ProfileChecklist({ person, profile }: { person: string; profile: PersonProfileSnapshot }) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const label = AdminPersonProfileText.forPerson(person, profile.name);
  const toggle = (index: number, checked: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (checked) next.add(index);
      else next.delete(index);
      return next;
    });
  return (
    <div role="group" aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      {profile.notes && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
          <Typography.Text type="secondary">{AdminPersonProfileText.notes}: </Typography.Text>
          {profile.notes}
        </Typography.Paragraph>
      )}
      {profile.checklist.length > 0 && (
        <Flex vertical gap={4}>
          {profile.checklist.map((item, index) => (
            <Checkbox
              key={index}
              checked={ticked.has(index)}
              onChange={(event) => toggle(index, event.target.checked)}
            >
              {item}
            </Checkbox>
          ))}
        </Flex>
      )}
    </div>
  );
}
