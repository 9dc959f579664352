const count = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A whole number as the back office writes it: 1250 -> "1 250". */
export const formatCount = (value: number) => count.format(value);

/** Minutes to a tenth, with a decimal comma: 41.7 -> "41,7". */
export const formatMinutes = (minutes: number) => tenths.format(minutes);
