import { type PublicConfig, publicConfigSchema, successResponse } from '@examiq/contracts';
import { useEffect, useState } from 'react';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /public-config: the server's settings the sign-in screen shows. */
export async function getPublicConfig() {
  const response = await apiClient.get('/public-config');
  return parseResponse(successResponse(publicConfigSchema), response.data).data;
}

/**
 * The server's settings for the sign-in screen, or null while they load or when they could not be
 * read. The sign-in screen is outside the query cache (it comes with the first download), so this
 * is a plain effect.
 */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let current = true;
    getPublicConfig().then(
      (found) => {
        if (current) setConfig(found);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
