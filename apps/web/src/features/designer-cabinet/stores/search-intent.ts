// Whether the designer in this tab wants to be searching, so that a reload goes on searching: the server
// takes a designer out of the queue when their last socket closes, as a reload closes it.
const KEY = 'retouch.designer-searching';

export function wantsToSearch(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberSearching(searching: boolean): void {
  try {
    if (searching) sessionStorage.setItem(KEY, 'yes');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): a reload then leaves the designer idle, as before.
  }
}
