import { successResponse } from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from './api-client';
import { sessionUserSchema } from './session';

const meResponseSchema = successResponse(z.object({ user: sessionUserSchema }));

async function getCurrentUser() {
  const response = await apiClient.get('/auth/me');
  return parseResponse(meResponseSchema, response.data).data.user;
}

/** The signed-in user as the server knows it now (GET /auth/me). */
export function useCurrentUser() {
  return useQuery({ queryKey: ['auth', 'me'], queryFn: getCurrentUser });
}
