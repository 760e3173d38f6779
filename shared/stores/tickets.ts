import { map } from 'nanostores';
import type * as v from 'valibot';
import { isApiError } from '../api/api-error';
import { requestBlob } from '../api/blob';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { requestFailures, ticketFailures } from '../api/messages';
import { type UploadOptions, uploadForm } from '../api/upload';
import { attachmentLimits } from '../catalogue/attachments';
import { sniffAttachment } from '../format/file-type';
import { fieldErrors } from '../schemas/forms/field-errors';
import {
  attachmentMessages,
  type Conversation,
  ConversationSchema,
  CreatedTicketSchema,
  NewTicketFieldsSchema,
  RepliedSchema,
  ReplyFieldsSchema,
  type Ticket,
  TicketListSchema,
} from '../schemas/tickets';
import type { LoadState } from './load-state';
import { session as pageSession, type SessionStore } from './session';
import { showToast } from './toasts';

/** How many bytes of a picked file are read to tell what it is before anything is sent. */
const sniffBytes = 64 * 1024;

/**
 * Checks one picked file the way the server will (size, then content), so a refused file is named
 * before any upload starts. Returns the message to show, or null when the file is fine.
 */
export async function checkAttachment(file: File): Promise<string | null> {
  if (file.size > attachmentLimits.maxBytes) return attachmentMessages.tooLarge(file.name);
  const head = new Uint8Array(await file.slice(0, sniffBytes).arrayBuffer());
  return sniffAttachment(head, file.size <= sniffBytes) ? null : attachmentMessages.refusedType(file.name);
}

/**
 * Adds newly picked files to those already chosen: refused ones are reported, not added, and no more
 * than the limit are kept.
 */
export async function addAttachments(
  chosen: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; errors: string[] }> {
  const files = [...chosen];
  const errors: string[] = [];
  for (const file of picked) {
    const problem = await checkAttachment(file);
    if (problem) errors.push(problem);
    else if (files.length >= attachmentLimits.maxFiles) {
      if (!errors.includes(attachmentMessages.tooMany)) errors.push(attachmentMessages.tooMany);
    } else files.push(file);
  }
  return { files, errors };
}

export interface TicketListState {
  state: LoadState;
  tickets: Ticket[];
  error: string | null;
}

export interface ConversationState {
  state: LoadState;
  data: Conversation | null;
  error: string | null;
}

/** A form being sent: field messages (spec §5 and the server's), and upload progress from 0 to 1. */
export interface SendState {
  sending: boolean;
  progress: number | null;
  errors: Record<string, string>;
}

export interface MessageInput {
  message: string;
  files: readonly File[];
}

export type Upload = <S extends v.GenericSchema>(
  api: ApiClient,
  session: SessionStore,
  path: string,
  schema: S,
  body: FormData,
  options?: UploadOptions,
) => Promise<v.InferOutput<S>>;

const idleSend: SendState = { sending: false, progress: null, errors: {} };

/** Server field names → the form's: the files of a new ticket and of a reply show under one picker. */
function formErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const { screenshots, attachments, ...rest } = error.fields;
  const files = screenshots ?? attachments;
  return files ? { ...rest, files } : { ...rest };
}

export type TicketsStore = ReturnType<typeof createTicketsStore>;
export type ConversationStore = ReturnType<TicketsStore['conversation']>;

/**
 * Tickets of one API (spec §2 My Tickets and Conversation, §4 tickets and replies): the list, one store
 * per conversation, and the two forms. Uploads go through XMLHttpRequest for their progress.
 */
export function createTicketsStore(
  api: ApiClient,
  { upload = uploadForm, session = pageSession }: { upload?: Upload; session?: SessionStore } = {},
) {
  const $list = map<TicketListState>({ state: 'idle', tickets: [], error: null });
  const $create = map<SendState>(idleSend);
  let listing: Promise<void> | null = null;

  function loadList(): Promise<void> {
    listing ??= (async () => {
      $list.set({ ...$list.get(), state: 'loading', error: null });
      try {
        const { data } = await api.get('/tickets', TicketListSchema);
        $list.set({ state: 'ready', tickets: data.conversations, error: null });
      } catch (error) {
        $list.set({
          state: 'error',
          tickets: [],
          error: loadFailureText(error, ticketFailures.ticketsFailed),
        });
      } finally {
        listing = null;
      }
    })();
    return listing;
  }

  async function send<S extends v.GenericSchema>(
    $state: typeof $create,
    body: FormData,
    schema: S,
  ): Promise<v.InferOutput<S>> {
    $state.set({ sending: true, progress: 0, errors: {} });
    return upload(api, session, '/tickets', schema, body, {
      onProgress: ({ loaded, total }) => $state.setKey('progress', total > 0 ? loaded / total : null),
    });
  }

  /**
   * The API path of an attachment link under this API (fetched with the token), or null for a link
   * elsewhere (an external help desk), which is opened as a plain link and never gets the token.
   */
  function attachmentPath(web: string): string | null {
    try {
      const base = new URL(api.baseURL, globalThis.location?.href);
      const link = new URL(web, base);
      const prefix = base.pathname.replace(/\/+$/, '');
      if (link.origin !== base.origin || !link.pathname.startsWith(`${prefix}/`)) return null;
      return `${link.pathname.slice(prefix.length)}${link.search}`;
    } catch {
      return null;
    }
  }

  const conversations = new Map<number, ReturnType<typeof createConversation>>();

  function createConversation(id: number) {
    const $conversation = map<ConversationState>({ state: 'idle', data: null, error: null });
    const $reply = map<SendState>(idleSend);
    let loading: Promise<void> | null = null;

    function reload(): Promise<void> {
      loading ??= (async () => {
        $conversation.set({ ...$conversation.get(), state: 'loading', error: null });
        try {
          const { data } = await api.get('/tickets', ConversationSchema, { conversation_id: id });
          $conversation.set({ state: 'ready', data, error: null });
        } catch (error) {
          $conversation.set({
            state: 'error',
            data: null,
            error: loadFailureText(error, ticketFailures.conversationsFailed),
          });
        } finally {
          loading = null;
        }
      })();
      return loading;
    }

    return {
      $conversation,
      $reply,
      /** Loads once; a conversation already loaded or loading is not asked for again. */
      load: () => ($conversation.get().state === 'idle' ? reload() : (loading ?? Promise.resolve())),
      reload,
      /** Sends a reply; on success the conversation reloads (spec §4) and true is returned. */
      async reply({ message, files }: MessageInput): Promise<boolean> {
        if ($reply.get().sending) return false;
        const errors = fieldErrors(ReplyFieldsSchema, { conversation_id: id, message });
        if (Object.keys(errors).length > 0) {
          $reply.set({ ...idleSend, errors });
          return false;
        }
        const body = new FormData();
        body.append('conversation_id', String(id));
        body.append('message', message);
        for (const file of files) body.append('attachments[]', file);
        try {
          await send($reply, body, RepliedSchema);
        } catch (error) {
          $reply.set({ ...idleSend, errors: formErrors(error) });
          // Field problems show under the fields; anything else as the server's (catalogued) message.
          if (Object.keys(formErrors(error)).length === 0) {
            showToast({
              kind: 'error',
              message: isApiError(error) ? error.message : requestFailures.default,
            });
          }
          return false;
        }
        $reply.set(idleSend);
        await reload();
        return true;
      },
      resetReply: () => $reply.set(idleSend),
    };
  }

  return {
    $list,
    $create,
    /** Loads the list once; later calls while loaded or loading send nothing. */
    load: () => ($list.get().state === 'idle' ? loadList() : (listing ?? Promise.resolve())),
    reload: loadList,
    /** Creates a ticket; on success the list reloads (spec §4) and true is returned. */
    async createTicket({ subject, message, files }: MessageInput & { subject: string }): Promise<boolean> {
      if ($create.get().sending) return false;
      const errors = fieldErrors(NewTicketFieldsSchema, { subject, message });
      if (Object.keys(errors).length > 0) {
        $create.set({ ...idleSend, errors });
        return false;
      }
      const body = new FormData();
      body.append('subject', subject);
      body.append('message', message);
      for (const file of files) body.append('screenshots[]', file);
      try {
        await send($create, body, CreatedTicketSchema);
      } catch (error) {
        $create.set({ ...idleSend, errors: formErrors(error) });
        showToast({ kind: 'error', message: loadFailureText(error, ticketFailures.createTicketFailed) });
        return false;
      }
      $create.set(idleSend);
      await loadList();
      return true;
    },
    resetCreate: () => $create.set(idleSend),
    attachmentPath,
    /** Downloads an attachment served by this API, with the token; null for links elsewhere. */
    async downloadAttachment(web: string): Promise<{ blob: Blob; filename: string | null } | null> {
      const path = attachmentPath(web);
      if (!path) return null;
      const { blob, filename } = await requestBlob(api, 'GET', path);
      return { blob, filename };
    },
    conversation(id: number) {
      let store = conversations.get(id);
      if (!store) {
        store = createConversation(id);
        conversations.set(id, store);
      }
      return store;
    },
  };
}

const stores = new Map<string, TicketsStore>();

/** One tickets store per API on a page, so two elements share the list and its requests. */
export function ticketsStoreFor(api: ApiClient): TicketsStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createTicketsStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
