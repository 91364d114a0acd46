import { defaultFieldTypes } from '../../engine/fieldTypes/registry';

/**
 * The built-in field types, for screens that register none of their own. A screen that adds types builds its own
 * registry (defaultFieldTypes().register(…)) and hands it to the SearchBar / MetaGrid / ListScreen config.
 */
export const sharedFieldTypes = defaultFieldTypes();
