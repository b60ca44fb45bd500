import { type InviteField, messageResponseSchema, successResponse } from '@examiq/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { useFileExport } from '@/lib/use-file-export';

/** What a list asks for, as its address holds it; left-out values take the call's defaults. */
export type PersonListQuery = Record<string, string | number | undefined>;

/** The calls of one kind of person (student, faculty member), which differ only in these. */
export interface PersonApiKind<ListData, Person> {
  /** The calls' name of one: 'student' in /admin/get-student/{id}. */
  one: string;
  /** The answers' key of the people and the export's path: 'students' in /admin/export/students. */
  many: string;
  listSchema: z.ZodType<ListData>;
  personSchema: z.ZodType<Person>;
  /** The message to show when an answer leaves its own out. */
  messages: { created: string; updated: string };
}

// Only what the screen reads (spec section 7): the message and the default password, which is
// null when the person was invited to set their own.
const createdResponseSchema = successResponse(z.object({ defaultPassword: z.string().nullable() }));

/**
 * The list, detail, create, edit, delete and export calls of a kind of person, as query and
 * mutation hooks; `Payload` is what its create and edit calls take. Every query of the kind starts with `queryKey`, so a create or delete refreshes
 * its lists and details.
 */
export function personApi<ListData, Person, Payload>(kind: PersonApiKind<ListData, Person>) {
  const queryKey = [kind.many] as const;
  const listResponseSchema = successResponse(kind.listSchema);
  const detailResponseSchema = successResponse(
    z.object({ [kind.many]: z.array(kind.personSchema) }),
  );
  const updateResponseSchema = successResponse(z.object({ [kind.one]: kind.personSchema }));
  const pathOf = (call: string, id: string) =>
    `/admin/${call}-${kind.one}/${encodeURIComponent(id)}`;

  /** GET /admin/get-all-{one}?page&limit&search&…filters&sort&order: one page of people. */
  const listQueryOptions = (query: PersonListQuery) =>
    queryOptions({
      queryKey: [...queryKey, 'list', query],
      queryFn: async () => {
        const response = await apiClient.get(`/admin/get-all-${kind.one}`, { params: query });
        return parseResponse(listResponseSchema, response.data).data as ListData;
      },
      // The page being left stays on screen until the next one arrives, instead of skeletons.
      placeholderData: keepPreviousData,
    });

  /** GET /admin/get-{one}/{id}: the person, or null when the list comes back empty. */
  const recordQueryOptions = (id: string) =>
    queryOptions({
      queryKey: [...queryKey, 'detail', id],
      queryFn: async () => {
        const response = await apiClient.get(pathOf('get', id));
        const data = parseResponse(detailResponseSchema, response.data).data;
        return (data[kind.many] as Person[])[0] ?? null;
      },
    });

  return {
    queryKey,
    useList: (query: PersonListQuery) => useQuery(listQueryOptions(query)),
    useRecord: (id: string) => useQuery(recordQueryOptions(id)),

    /**
     * POST /admin/create-{one}: answers 201 with the person's default password, or null when
     * `invite` had a set-password link emailed instead.
     */
    useCreate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async (payload: Payload & InviteField) => {
          const response = await apiClient.post(`/admin/create-${kind.one}`, payload);
          const body = parseResponse(createdResponseSchema, response.data);
          return {
            message: body.message ?? kind.messages.created,
            defaultPassword: body.data.defaultPassword,
          };
        },
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey });
        },
      });
    },

    /** PUT /admin/update-{one}/{id}: answers with the message to show. */
    useUpdate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async ({ id, payload }: { id: string; payload: Payload }) => {
          const response = await apiClient.put(pathOf('update', id), payload);
          return (
            parseResponse(updateResponseSchema, response.data).message ?? kind.messages.updated
          );
        },
        // Awaited, so the detail shown after saving is the edited one.
        onSuccess: () => queryClient.invalidateQueries({ queryKey }),
      });
    },

    /** DELETE /admin/delete-{one}/{id}: answers with the message to show. */
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async (id: string) => {
          const response = await apiClient.delete(pathOf('delete', id));
          return parseResponse(messageResponseSchema, response.data);
        },
        // Awaited, so the dialog stays busy until the list without the person is on screen.
        onSuccess: () => queryClient.invalidateQueries({ queryKey }),
      });
    },

    /**
     * GET /admin/export/{many}?format&search&…filters: every person the list's search and filters
     * find, its paging and sort left out, saved as a file.
     */
    useExport({ page, limit, sort, order, ...filters }: PersonListQuery) {
      return useFileExport(`/admin/export/${kind.many}`, kind.many, filters);
    },
  };
}
