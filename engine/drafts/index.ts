export {
  createDraftStore,
  createMemoryBackend,
  parseDraft,
  DRAFT_KEY_PREFIX,
  DRAFT_TTL_MS,
  type AsyncKeyValueBackend,
  type Draft,
  type DraftScope,
  type DraftStore,
  type DraftStoreOptions,
} from './draftStore';
