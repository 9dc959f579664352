const plural = new Intl.PluralRules('ru-RU');

const UNITS = [
  { ms: 3_600_000, forms: { one: 'час', few: 'часа', many: 'часов' } },
  { ms: 60_000, forms: { one: 'минута', few: 'минуты', many: 'минут' } },
  { ms: 1000, forms: { one: 'секунда', few: 'секунды', many: 'секунд' } },
] as const;

function counted(count: number, forms: { one: string; few: string; many: string }): string {
  const form = plural.select(count);
  return `${count} ${form === 'one' ? forms.one : form === 'few' ? forms.few : forms.many}`;
}

/**
 * A duration in Russian words for a screen reader, whole seconds: "9 минут 58 секунд", "1 час 5 минут";
 * zero parts left out, "0 секунд" for none.
 */
export function spokenDuration(ms: number): string {
  let rest = Math.max(0, Math.floor(ms / 1000)) * 1000;
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0) parts.push(counted(count, unit.forms));
  }
  return parts.length > 0 ? parts.join(' ') : counted(0, UNITS[2].forms);
}
