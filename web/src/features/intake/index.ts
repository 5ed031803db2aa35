/** What the app shell uses of the intake questionnaire: the order page's section. */
export { IntakeSection, type IntakeSectionProps } from './components/intake-section';
export type { IntakeViewer } from './api/intake';
