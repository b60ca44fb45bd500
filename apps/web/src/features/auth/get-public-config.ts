import { publicConfigSchema, successResponse } from '@examiq/contracts';
import { useEffect, useState } from 'react';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /public-config: the server's settings the sign-in screen shows. */
export async function getPublicConfig() {
  const response = await apiClient.get('/public-config');
  return parseResponse(successResponse(publicConfigSchema), response.data).data;
}

/**
 * The support email, or null when there is none or it could not be read. The sign-in screen is
 * outside the query cache (it comes with the first download), so this is a plain effect.
 */
export function useSupportEmail(): string | null {
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getPublicConfig().then(
      (config) => {
        if (current) setSupportEmail(config.supportEmail);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return supportEmail;
}
