import { ListRoutePage } from '../lists/ListRoutePage';
import { subjectListRoute } from './subjectListScreen';

export interface SubjectListPageProps {
  /** Route of the list (inside the shell or standalone); a subject opens below it. */
  base: string;
}

/** The subject list: the generic list route page with the subject list's configuration. */
export function SubjectListPage({ base }: SubjectListPageProps) {
  return <ListRoutePage screen={subjectListRoute} base={base} />;
}
