import { DispatchText } from '@retouch/shared/dispatch';

const BEEP_HZ = 880;
const BEEP_SECONDS = 0.3;
const BEEP_VOLUME = 0.2;

/** Asks for the browser's permission to show notifications, once. */
export function askNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/** A browser notification and a short beep: a new order has arrived. */
export function alertOrderArrived(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(DispatchText.orderReceived, { tag: 'order-for-executor' });
  }
  playBeep();
}

function playBeep(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = BEEP_HZ;
    gain.gain.value = BEEP_VOLUME;
    oscillator.connect(gain).connect(context.destination);
    oscillator.onended = () => void context.close();
    oscillator.start();
    oscillator.stop(context.currentTime + BEEP_SECONDS);
  } catch (error) {
    // Browsers may refuse audio before the page had a user gesture; the notification still counts.
    console.warn('The order beep could not be played', error);
  }
}
