import { CompareText, type CompareTexts } from '../before-after-slider';

export interface ReviewViewerTexts extends CompareTexts {
  /** The viewer's region. */
  viewer: string;
  /** The group of mode buttons. */
  modes: string;
  slider: string;
  blink: string;
  difference: string;
  loupe: string;
  /** The keys, shown under the picture. */
  help: string;
  pause: string;
  resume: string;
  showBefore: string;
  showAfter: string;
  /** Why blink mode does not blink by itself. */
  reducedMotion: string;
  differenceMap: string;
  unchanged: string;
  changed: string;
  /** The share of the picture that changed, e.g. "Changed: 12.5% of the picture". */
  changedShare: (share: string) => string;
  differenceUnavailable: string;
  loupeLens: string;
  loupeHint: string;
  /** The locale of numbers (the share of changed pixels). */
  locale: string;
}

/** The review viewer's words: English for the customer, Russian for the back office. */
export const ReviewViewerText = {
  customer: {
    ...CompareText.customer,
    viewer: 'Compare the original and the result',
    modes: 'View',
    slider: 'Slider',
    blink: 'Blink',
    difference: 'Difference',
    loupe: 'Loupe',
    help: 'Keys: 1 or S slider, 2 or B blink, 3 or D difference, 4 or L loupe; Space pauses blinking; the arrows move the divider or the loupe.',
    pause: 'Pause',
    resume: 'Resume',
    showBefore: 'Show the original',
    showAfter: 'Show the result',
    reducedMotion:
      'Blinking is off because your device asks for less motion: switch the pictures with the button or Space.',
    differenceMap: 'Difference between the original and the result: the brighter, the more it changed',
    unchanged: 'unchanged',
    changed: 'changed',
    changedShare: (share) => `Changed: ${share} of the picture`,
    differenceUnavailable: 'The difference of these pictures cannot be shown.',
    loupeLens: 'Loupe at 1:1',
    loupeHint: 'Point at the picture, touch it or use the arrow keys to see it at its real size.',
    locale: 'en-US',
  },
  staff: {
    ...CompareText.staff,
    viewer: 'Сравнение оригинала и результата',
    modes: 'Режим просмотра',
    slider: 'Шторка',
    blink: 'Мигание',
    difference: 'Разница',
    loupe: 'Лупа',
    help: 'Клавиши: 1 или S — шторка, 2 или B — мигание, 3 или D — разница, 4 или L — лупа; пробел — пауза мигания; стрелки двигают разделитель или лупу.',
    pause: 'Пауза',
    resume: 'Продолжить',
    showBefore: 'Показать оригинал',
    showAfter: 'Показать результат',
    reducedMotion:
      'Мигание выключено: устройство просит меньше движения. Переключайте снимки кнопкой или пробелом.',
    differenceMap: 'Разница оригинала и результата: чем ярче, тем сильнее изменение',
    unchanged: 'без изменений',
    changed: 'изменено',
    changedShare: (share) => `Изменено: ${share} снимка`,
    differenceUnavailable: 'Разницу этих снимков показать нельзя.',
    loupeLens: 'Лупа 1:1',
    loupeHint:
      'Наведите на снимок, коснитесь его или двигайте лупу стрелками, чтобы увидеть его в натуральную величину.',
    locale: 'ru-RU',
  },
} as const satisfies Record<'customer' | 'staff', ReviewViewerTexts>;
