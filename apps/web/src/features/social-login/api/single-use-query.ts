import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A query whose request spends something single-use (the app's signed link, an OAuth state): it is sent
 * once per page and never again, whatever asks for a refetch (the socket's resync at connect, which once
 * came while the request was on its way); a later run gets the first answer.
 */
export function useSingleUseQuery<T>(queryKey: readonly unknown[], send: () => Promise<T>) {
  const [sendOnce] = useState(() => {
    let answer: Promise<T> | undefined;
    return () => (answer ??= send());
  });
  return useQuery({ queryKey, queryFn: sendOnce, retry: false, staleTime: 'static', gcTime: Infinity });
}
