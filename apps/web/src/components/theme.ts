import type { ThemeConfig } from 'antd';

/** Ant Design's blue 7, one step darker than its default primary (#1677ff, 4.1:1 on white). */
export const PRIMARY_COLOR = '#0958d9';

/** A hovered primary button or link: lighter, as Ant Design's own hover, and still 5.2:1 with white. */
export const PRIMARY_HOVER_COLOR = '#1668dc';

/** Secondary and tertiary text: Ant Design's 45 % black read at 3.4:1; 60 % reads at 5.7:1 on white. */
export const TERTIARY_TEXT_COLOR = 'rgba(0, 0, 0, 0.6)';

/** The text shade (7) of the preset colours whose default reads below 4.5:1 on their lightest shade. */
const tagTextColors = {
  cyan: '#006d75',
  green: '#237804',
  lime: '#3f6600',
  orange: '#ad4e00',
  volcano: '#ad2102',
  gold: '#874d00',
  yellow: '#876800',
};

// Ant Design keeps each shade under two names (gold7, gold-7): tags read the first, and their CSS
// variable (--ant-gold-7) takes the second.
const tagTextTokens: Record<string, string> = Object.fromEntries(
  Object.entries(tagTextColors).flatMap(([color, value]) => [
    [`${color}7`, value],
    [`${color}-7`, value],
  ]),
);

/**
 * Ant Design's colours darkened to WCAG 2.1 AA, where its defaults fall below 4.5:1 for text: the blue
 * of links and primary buttons, grey hints and placeholders, the status colours, and the text shade (7)
 * of the preset colours that tags write on their lightest shade (1). The look stays Ant Design's.
 * Disabled text keeps its pale grey: WCAG exempts inactive controls, and it tells them apart.
 */
export const accessibleTheme = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorPrimaryHover: PRIMARY_HOVER_COLOR,
    colorLinkHover: PRIMARY_HOVER_COLOR,
    colorTextTertiary: TERTIARY_TEXT_COLOR,
    colorTextPlaceholder: TERTIARY_TEXT_COLOR,
    colorError: '#cf1322',
    // A darker seed would grey the light shades Ant Design derives from it: those keep their defaults.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    ...tagTextTokens,
  },
} satisfies ThemeConfig;
