import { AdminPersonProfileText } from '@retouch/shared/person-profiles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { PersonProfileChecklists } from './person-profile-checklist';

const anna = { name: 'Anna', notes: 'Natural look', checklist: ['Keep the freckles', 'No body reshaping'] };

describe("the customer's person profiles on an order, as staff see them", () => {
  it('shows each profiled person with the notes and a checklist the staff member ticks', async () => {
    const user = userEvent.setup();
    const order = aStaffOrder({
      persons: [
        { id: 'photo', orders: [], profile: null },
        { id: 'Person 1', orders: [], profile: anna },
      ],
    });
    render(<PersonProfileChecklists order={order} />);
    const section = within(screen.getByRole('region', { name: AdminPersonProfileText.title }));
    const person = within(
      section.getByRole('group', { name: AdminPersonProfileText.forPerson('Person 1', 'Anna') }),
    );
    expect(person.getByText('Natural look')).toBeInTheDocument();
    const freckles = person.getByRole('checkbox', { name: 'Keep the freckles' });
    expect(freckles).not.toBeChecked();
    await user.click(freckles);
    expect(freckles).toBeChecked();
    expect(person.getByRole('checkbox', { name: 'No body reshaping' })).not.toBeChecked();
    expect(section.queryByRole('group', { name: /photo/ })).not.toBeInTheDocument();
  });

  it('shows nothing for an order without profiles, also one sent before profiles existed', () => {
    const { container } = render(
      <PersonProfileChecklists order={aStaffOrder({ persons: [{ id: 'photo', orders: [] }] })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
