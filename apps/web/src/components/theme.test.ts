import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FastColor } from '@ant-design/fast-color';
import { theme, type GlobalToken } from 'antd';
import { describe, expect, it } from 'vitest';
import { accessibleTheme, PRIMARY_COLOR, PRIMARY_HOVER_COLOR, TERTIARY_TEXT_COLOR } from './theme';

/** WCAG 2.1 success criterion 1.4.3: normal text at level AA. */
const AA_TEXT = 4.5;

/** The WCAG contrast ratio of `text` (its alpha laid on the background) against `background`. */
function contrast(text: string, background: string) {
  const under = new FastColor(background);
  const a = new FastColor(text).onBackground(under).getLuminance();
  const b = under.getLuminance();
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const token: GlobalToken = theme.getDesignToken(accessibleTheme);

/** Where Ant Design lays text: cards, the layout's grey, popups, table headers and a hovered row. */
const surfaces = {
  container: token.colorBgContainer,
  layout: token.colorBgLayout,
  elevated: token.colorBgElevated,
  tableHeader: new FastColor(token.colorFillAlter).onBackground(token.colorBgContainer).toHexString(),
  hovered: new FastColor(token.colorFillSecondary).onBackground(token.colorBgContainer).toHexString(),
};

const textTokens = [
  'colorText',
  'colorTextHeading',
  'colorTextLabel',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorLinkHover',
  'colorPrimary',
  'colorPrimaryText',
  'colorInfoText',
  'colorError',
  'colorErrorText',
  'colorSuccessText',
  'colorWarningText',
] as const;

// The colours tags take: <Tag color="gold"> writes shade 7 on shade 1 (antd/es/theme/util/genPresetColor).
const presetColors = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

describe('the theme reaches WCAG 2.1 AA contrast for text', () => {
  for (const name of textTokens) {
    for (const [surface, background] of Object.entries(surfaces)) {
      it(`${name} on ${surface}`, () => {
        expect(contrast(token[name], background)).toBeGreaterThanOrEqual(AA_TEXT);
      });
    }
  }

  for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
    it(`a ${status.toLowerCase()} tag or alert: its colour on its own background`, () => {
      expect(contrast(token[`color${status}`], token[`color${status}Bg`])).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(token[`color${status}Text`], token[`color${status}Bg`])).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    });
  }

  it('white on primary and danger buttons, hovered or not', () => {
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(token.colorTextLightSolid, token.colorPrimaryHover)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(token.colorTextLightSolid, token.colorError)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('the selected row of a menu: primary on its light background', () => {
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  for (const color of presetColors) {
    it(`a ${color} tag`, () => {
      expect(contrast(token[`${color}7`], token[`${color}1`])).toBeGreaterThanOrEqual(AA_TEXT);
      // The same shades under the names Ant Design's CSS variables take them from.
      expect(contrast(token[`${color}-7`], token[`${color}-1`])).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }
});

// Read from disk: the test run does not process CSS. The prerendered pages draw with these variables.
const globalCss = readFileSync(path.join(import.meta.dirname, '../global.css'), 'utf8');

describe('the plain pages take the same colours (global.css)', () => {
  const variable = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(globalCss)?.[1];

  it('primary, its hover and tertiary text are the theme’s', () => {
    expect(variable('color-primary')).toBe(PRIMARY_COLOR);
    expect(variable('color-primary-hover')).toBe(PRIMARY_HOVER_COLOR);
    expect(variable('color-text-tertiary')).toBe(TERTIARY_TEXT_COLOR);
  });

  it('every text colour reads at 4.5:1 on the page and on cards', () => {
    for (const name of [
      'color-text',
      'color-text-secondary',
      'color-text-tertiary',
      'color-primary',
      'color-primary-hover',
    ]) {
      for (const background of ['color-bg-layout', 'color-bg-container']) {
        expect(
          contrast(variable(name)!, variable(background)!),
          `${name} on ${background}`,
        ).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });
});
