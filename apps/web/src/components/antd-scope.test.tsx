import { render, screen } from '@testing-library/react';
import { ConfigProvider, Progress, Tag, theme } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { describe, expect, it } from 'vitest';
import { AntdScope } from './antd-scope';
import { PRIMARY_COLOR, TERTIARY_TEXT_COLOR } from './theme';
import { preferReducedMotion } from '@/test/viewport';

function MotionProbe() {
  const { token } = theme.useToken();
  return <output aria-label="motion">{String(token.motion)}</output>;
}

/** The scope as the back office nests it: its own provider with the Russian locale (pages/admin/admin-area). */
function renderBackOffice(children = <MotionProbe />) {
  return render(
    <AntdScope>
      <ConfigProvider locale={ruRU}>{children}</ConfigProvider>
    </AntdScope>,
  );
}

function Tokens() {
  const { token } = theme.useToken();
  return <output>{`${token.colorPrimary} ${token.colorLink} ${token.colorTextTertiary}`}</output>;
}

const expected = `${PRIMARY_COLOR} ${PRIMARY_COLOR} ${TERTIARY_TEXT_COLOR}`;

/** The CSS transition of the progress bar's filled part. */
const barTransition = (container: HTMLElement) =>
  getComputedStyle(container.querySelector('.ant-progress-track')!).transition;

describe('AntdScope', () => {
  it('turns Ant Design motion off for a user who asked for reduced motion, in the back office too', () => {
    preferReducedMotion();
    renderBackOffice();
    expect(screen.getByRole('status', { name: 'motion' })).toHaveTextContent('false');
  });

  it('keeps Ant Design motion for other users', () => {
    renderBackOffice();
    expect(screen.getByRole('status', { name: 'motion' })).toHaveTextContent('true');
  });

  it('does not let an upload progress bar glide under reduced motion', () => {
    preferReducedMotion();
    const { container } = renderBackOffice(<Progress percent={40} />);
    expect(barTransition(container)).toMatch(/^all 0s /);
  });

  it('lets it glide for other users', () => {
    const { container } = renderBackOffice(<Progress percent={40} />);
    expect(barTransition(container)).not.toMatch(/^all 0s /);
  });

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
