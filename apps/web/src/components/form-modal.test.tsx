import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal';

interface PackageValues {
  description: string;
}

interface DialogProps {
  onSubmit?: (values: PackageValues) => void;
  pending?: boolean;
  problem?: string | null;
}

/** A screen with a button opening the dialog, as the editors render it: mounted only while open. */
function Screen({ onSubmit = vi.fn(), pending = false, problem = null }: DialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Добавить пакет</Button>
      {open && (
        <FormModal<PackageValues>
          title="Новый пакет"
          okText="Добавить"
          cancelText="Отмена"
          pending={pending}
          name="package-form"
          initialValues={{ description: 'Стартовый' }}
          onSubmit={onSubmit}
          onClose={() => setOpen(false)}
          problem={problem}
        >
          <Form.Item
            label="Описание"
            name="description"
            rules={[{ required: true, whitespace: true, message: 'Введите описание' }]}
          >
            <Input />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}

async function openDialog(props: DialogProps = {}) {
  const user = userEvent.setup();
  const view = render(<Screen {...props} />);
  await user.click(screen.getByRole('button', { name: 'Добавить пакет' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog, view };
}

describe('FormModal', () => {
  it('submits the values once the rules pass', async () => {
    const onSubmit = vi.fn();
    const { user, dialog } = await openDialog({ onSubmit });
    expect(dialog.getByText('Новый пакет')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Описание'));
    await user.type(dialog.getByLabelText('Описание'), 'Большой');
    await user.click(dialog.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ description: 'Большой' }));
  });

  it("shows a field's rule and submits nothing while it fails", async () => {
    const onSubmit = vi.fn();
    const { user, dialog } = await openDialog({ onSubmit });
    await user.clear(dialog.getByLabelText('Описание'));
    await user.click(dialog.getByRole('button', { name: 'Добавить' }));
    expect(await dialog.findByText('Введите описание')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { dialog } = await openDialog({ problem: 'Пакет с таким merchant_id уже есть' });
    expect(dialog.getByRole('alert')).toHaveTextContent('Пакет с таким merchant_id уже есть');
  });

  it('cannot be cancelled while its save runs, and its fields are locked', async () => {
    const { dialog } = await openDialog({ pending: true });
    expect(dialog.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    expect(dialog.getByLabelText('Описание')).toBeDisabled();
  });

  it('opens again with its first values after a cancel', async () => {
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Описание'), ' и лишнее');
    await user.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Добавить пакет' }));
    const reopened = within(await screen.findByRole('dialog'));
    expect(reopened.getByLabelText('Описание')).toHaveValue('Стартовый');
  });
});
