import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteRowButton } from './delete-row-button';
import { EditableTable } from './editable-table';

interface Reason {
  _id: string;
  title: string;
}

const texts = { loading: 'Загрузка причин', empty: 'Причин нет' };
interface ReasonList {
  data: Reason[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}
const loaded = (data: Reason[]) => ({ data, isPending: false, isError: false, refetch: vi.fn() });
const reasons = [
  { _id: 'r-1', title: 'Плохое фото' },
  { _id: 'r-2', title: 'Нет лица' },
];

function renderTable(
  list: ReasonList,
  { onDelete = vi.fn(), dialog }: { onDelete?: (reason: Reason) => unknown; dialog?: ReactNode } = {},
) {
  const columns: TableColumnsType<Reason> = [
    { key: 'title', title: 'Название', dataIndex: 'title' },
    {
      key: 'actions',
      title: 'Действия',
      render: (_, reason) => (
        <DeleteRowButton
          question="Удалить причину?"
          confirmTexts={{ ok: 'Удалить', cancel: 'Отмена' }}
          ariaLabel={`Удалить ${reason.title}`}
          onConfirm={() => onDelete(reason)}
        />
      ),
    },
  ];
  render(
    <EditableTable<Reason>
      title="Причины отказа"
      list={list}
      columns={columns}
      texts={texts}
      dialog={dialog}
    />,
  );
  return { user: userEvent.setup(), onDelete };
}

describe('EditableTable', () => {
  it('shows the rows under the title', () => {
    renderTable(loaded(reasons));
    expect(screen.getByText('Причины отказа')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Плохое фото' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Нет лица' })).toBeInTheDocument();
  });

  it('deletes a row only once the confirmation is accepted', async () => {
    const { user, onDelete } = renderTable(loaded(reasons));
    await user.click(screen.getByRole('button', { name: 'Удалить Нет лица' }));
    const confirmation = await screen.findByRole('tooltip');
    expect(within(confirmation).getByText('Удалить причину?')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(within(confirmation).getByRole('button', { name: 'Удалить' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(reasons[1]);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const { user, onDelete } = renderTable(loaded(reasons));
    await user.click(screen.getByRole('button', { name: 'Удалить Плохое фото' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Отмена' }));
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('says the list is loading, then that it is empty', () => {
    renderTable({ ...loaded([]), data: undefined, isPending: true });
    expect(screen.getByLabelText(texts.loading)).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there are no rows', () => {
    renderTable(loaded([]));
    expect(screen.getByText(texts.empty)).toBeInTheDocument();
  });

  it('offers to load the list again in Russian when it failed', async () => {
    const list = { ...loaded([]), data: undefined, isError: true };
    const { user } = renderTable(list);
    expect(screen.getByText(AdminText.somethingWrong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: AdminText.tryAgain }));
    await waitFor(() => expect(list.refetch).toHaveBeenCalledOnce());
  });

  it('hides the table while a dialog is open', () => {
    renderTable(loaded(reasons), { dialog: <p>Форма причины</p> });
    expect(screen.getByText('Форма причины')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('DeleteRowButton', () => {
  it('cannot be used when disabled, and says why on hover', async () => {
    const onConfirm = vi.fn();
    render(
      <DeleteRowButton
        question="Удалить?"
        text="Удалить"
        disabled
        disabledHint="Степень по умолчанию не удаляется"
        onConfirm={onConfirm}
      />,
    );
    // A pointer does reach a disabled button in a browser, for its tooltip; user-event skips it by default.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const button = screen.getByRole('button', { name: 'Удалить' });
    expect(button).toBeDisabled();
    await user.hover(button);
    expect(await screen.findByText('Степень по умолчанию не удаляется')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
