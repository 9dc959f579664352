import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdScope } from './antd-scope';

function PayButton({ loading }: { loading: boolean }) {
  return (
    <AntdScope>
      <Button loading={loading}>Pay</Button>
    </AntdScope>
  );
}

describe("Ant Design's providers", () => {
  // Ant Design's own loading icon leaves with a width transition; when the loading ends before the
  // transition could run, it stayed in the button, which screen readers then named "loading Pay".
  it('give a button its plain name back as soon as its loading ends', () => {
    const { rerender } = render(<PayButton loading={false} />);
    rerender(<PayButton loading />);
    expect(screen.getByRole('button')).toHaveAccessibleName(/loading/);
    rerender(<PayButton loading={false} />);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
