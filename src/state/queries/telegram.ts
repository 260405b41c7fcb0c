import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '#/api/client';
import { preferenceKeys } from './preferences';

const telegramKeys = { link: ['telegram', 'link'] as const };

/**
 * The caller's Telegram link. While `waiting` (a deep link was opened and the chat may be linking it
 * right now in Telegram) it is read again every few seconds, until it shows linked.
 */
export function useTelegramLink(waiting = false) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: telegramKeys.link,
    queryFn: ({ signal }) => unwrap(api.GET('/me/telegram', { signal })),
    refetchInterval: (query) => (waiting && !query.state.data?.linked ? 3000 : false),
  });
  // Linked or unlinked, the notification switches' Telegram column follows.
  const linked = query.data ? query.data.linked !== null : undefined;
  const seen = useRef(linked);
  useEffect(() => {
    if (linked === undefined || seen.current === undefined) seen.current = linked;
    else if (linked !== seen.current) {
      seen.current = linked;
      void queryClient.invalidateQueries({ queryKey: preferenceKeys.preferences });
    }
  }, [linked, queryClient]);
  return query;
}

/** A fresh one-time deep link to the bot (15 minutes). */
export const useCreateTelegramLink = () => useMutation({ mutationFn: () => unwrap(api.POST('/me/telegram/link')) });

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/me/telegram')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.link }),
  });
}
