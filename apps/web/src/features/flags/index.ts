// What other features use of flags and tags: showing, editing and filtering a record's labels.
export { BulkLabelsModal } from './components/bulk-labels-modal';
export { RecordLabels } from './components/flag-badge';
export { FlagFilterSelect } from './components/flag-pickers';
export { RecordLabelsEditor } from './components/record-labels-editor';
