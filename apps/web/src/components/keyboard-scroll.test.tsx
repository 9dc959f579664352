import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeyboardScroll } from './keyboard-scroll';

const columns = [{ key: 'text', dataIndex: 'text', title: 'Текст' }];

function Log() {
  const [rows, setRows] = useState([{ key: 1, text: 'первая' }]);
  return (
    <>
      <button type="button" onClick={() => setRows([...rows, { key: rows.length + 1, text: 'ещё' }])}>
        Ещё
      </button>
      <KeyboardScroll label="Журнал действий">
        <Table columns={columns} dataSource={rows} pagination={false} scroll={{ x: true }} />
      </KeyboardScroll>
    </>
  );
}

describe('KeyboardScroll', () => {
  it("puts a plain table's scroll box in the tab order as a named region, and keeps it there", async () => {
    const user = userEvent.setup();
    render(<Log />);
    const region = screen.getByRole('region', { name: 'Журнал действий' });
    expect(region).toHaveClass('ant-table-content');

    await user.click(screen.getByRole('button', { name: 'Ещё' }));
    await user.tab();
    expect(screen.getByRole('region', { name: 'Журнал действий' })).toHaveFocus();
  });
});
