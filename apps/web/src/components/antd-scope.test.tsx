import { render, screen } from '@testing-library/react';
import { ConfigProvider, Modal, Progress, Tag, theme } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { describe, expect, it } from 'vitest';
import { AntdScope, MODAL_CLOSE_ROOM } from './antd-scope';
import { accessibleTheme, PRIMARY_COLOR, TERTIARY_TEXT_COLOR } from './theme';
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

  // Issue 36, the customer walk: at 390 px a dialog's title ran under its close button.
  it('keeps every dialog title clear of the close button, in the back office too', () => {
    const title = 'A title long enough to reach the close button on a phone';
    renderBackOffice(<Modal open title={title} />);
    expect(screen.getByText(title)).toHaveStyle({ paddingInlineEnd: `${MODAL_CLOSE_ROOM}px` });
  });

  it('leaves room for the whole close button, which Ant Design lays over the title', () => {
    const token = theme.getDesignToken(accessibleTheme);
    const headerHeight = Number(token.fontSizeHeading5) * token.lineHeightHeading5 + token.padding * 2;
    const closeInset = (headerHeight - token.controlHeight) / 2;
    // How far into the title's line the close button reaches from the dialog's edge.
    const overlap = closeInset + token.controlHeight - token.paddingContentHorizontalLG;
    expect(MODAL_CLOSE_ROOM).toBeGreaterThanOrEqual(overlap + token.marginXS);
  });
});
