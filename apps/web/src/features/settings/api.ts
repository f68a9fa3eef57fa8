import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GalleryDeletedSchema, GallerySettingsSchema, UserEnvelopeSchema, type ProfileUpdate } from '@vt/shared';
import { z } from 'zod';
import { apiGet, apiSend, ApiRequestError, parseApiError } from '../../lib/api-client';
import { SESSION_QUERY_KEY } from '../auth';

export const PROFILE_KEY = ['users', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async ({ signal }) => (await apiGet('/api/users/profile', UserEnvelopeSchema, { signal })).user,
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: ProfileUpdate) =>
      (await apiSend('PUT', '/api/users/profile', update, UserEnvelopeSchema)).user,
    onSuccess: (user) => {
      client.setQueryData(PROFILE_KEY, user);
      // The navigation shows the name from the session.
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

const DeletedSchema = z.object({ deleted: z.literal(true), redirectTo: z.string() });

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirm: string) =>
      apiSend('DELETE', '/api/account', { confirm }, DeletedSchema, { reportAuthErrors: false }),
  });
}

/** "attachment; filename="x.json"" → x.json; a dated fallback when the header is missing. */
export function exportFileNameFrom(disposition: string | null, now = new Date()): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `vision-terminal-export-${now.toISOString().slice(0, 10)}.json`;
}

/** Fetches the export and hands it to the browser as a file download. */
export async function downloadAccountExport(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError(0, 'network_error', 'The server could not be reached.');
  }
  if (!response.ok) {
    const error = parseApiError(await response.json().catch(() => null));
    throw new ApiRequestError(response.status, error?.code ?? null, error?.message ?? null);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileNameFrom(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every IANA zone the browser knows, with the user's current one present even if the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export const GALLERY_SETTINGS_KEY = ['gallery', 'settings'] as const;

/** "Use my located photos to recognise places" and how many places are remembered. */
export function useGallerySettings() {
  return useQuery({
    queryKey: GALLERY_SETTINGS_KEY,
    queryFn: ({ signal }) => apiGet('/api/gallery/settings', GallerySettingsSchema, { signal }),
  });
}

export function useUpdateGallerySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiSend('PUT', '/api/gallery/settings', { enabled }, GallerySettingsSchema),
    onSuccess: (settings) => client.setQueryData(GALLERY_SETTINGS_KEY, settings),
  });
}

export function useDeleteGalleryEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('DELETE', '/api/gallery/entries', { confirm: true }, GalleryDeletedSchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: GALLERY_SETTINGS_KEY }),
  });
}
