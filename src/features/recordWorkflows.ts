/**
 * Where the app composes its record registries: every review workflow registers its record actions and item
 * adornments on the app's default registries here (loaded with the form page's chunk, formPageLoader.ts), one line
 * each — the form page itself does not change.
 */
import { defaultRecordRegistries } from '../../renderers/actions/recordRegistries';
import { registerQueries } from './queries/register';

registerQueries(defaultRecordRegistries);
