import { render, screen } from '@testing-library/react';
import { ConfigProvider, Tag, theme } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { describe, expect, it } from 'vitest';
import { AntdScope } from './antd-scope';
import { PRIMARY_COLOR, TERTIARY_TEXT_COLOR } from './theme';

function Tokens() {
  const { token } = theme.useToken();
  return <output>{`${token.colorPrimary} ${token.colorLink} ${token.colorTextTertiary}`}</output>;
}

const expected = `${PRIMARY_COLOR} ${PRIMARY_COLOR} ${TERTIARY_TEXT_COLOR}`;

describe('AntdScope', () => {
  it('gives the customer site the accessible theme', () => {
    render(
      <AntdScope>
        <Tokens />
      </AntdScope>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(expected);
  });

  it('keeps it under the back office’s own ConfigProvider (its Russian locale)', () => {
    render(
      <AntdScope>
        <ConfigProvider locale={ruRU}>
          <Tokens />
        </ConfigProvider>
      </AntdScope>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(expected);
  });

  it('writes the darker tag shades into the CSS variables that tags are drawn with', () => {
    render(
      <AntdScope>
        <Tag color="gold">Bonus</Tag>
      </AntdScope>,
    );
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain('--ant-gold-7:#874d00;');
    expect(styles).not.toContain('--ant-gold-7:#d48806;');
  });
});
