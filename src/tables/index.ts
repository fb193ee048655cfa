/**
 * @module tables — tables found in sheets the way an analyst reads them: banners, folded
 * headers, totals and sections flagged, typed values, column cards, a validation gate and
 * a layout fingerprint.
 */
export { readTables, readTablesPaced, type ReadTablesOptions } from './read-tables.js';
export { buildTable, type TableSource } from './build-table.js';
export { detectTableRegions, type DetectOptions, type TableRegion, type SheetRegions } from './detect-tables.js';
export { isNoteText } from './notes.js';
export { findBlocks } from './find-blocks.js';
export { splitHeader, type HeaderSplit } from './headers.js';
export { foldHeaderNames, uniqueNames } from './header-names.js';
export { aggregateLabelKind, isAggregateLabel, isRatioLabel, isResultLabel, type AggregateLabelKind } from './aggregate-labels.js';
export { flagAggregateRows, findGroupRows, sumsMatch, type RowFacts, type AggregateFlags, type AggregateKind } from './aggregate-rows.js';
export { isColumnSumFormula, isRowSumFormula, refersUpOwnColumn } from './aggregate-formulas.js';
export { flagAggregateColumns, isAggregateColumnName } from './aggregate-columns.js';
export { findSectionRows, sectionLabels, type SectionRowFacts } from './sections.js';
export { buildColumnCards, type ColumnInput, type CardContext, type TypedColumnEvidence } from './column-cards.js';
export { periodOf } from './periods.js';
export { validateTable, type ValidationEvidence } from './validate-table.js';
export { fingerprintTable, layoutOf, applyTemplate, type TableLayout } from './fingerprint.js';
export { toSqlName, uniqueSqlNames } from './sql-names.js';
export * from './types.js';
export { accountRows, accountBalances, EXCLUSION_REASONS, DETAIL_LIMIT, type ExclusionReason, type ExcludedRow, type SheetAccount } from './account-rows.js';
export { typeColumn, typeObservations, type TypedColumn, type TypeColumnContext } from './column-types.js';
export { observeCells, observedCellKind, EMPTY_OBSERVATION, type Observation } from './observe-cells.js';
export { parseNumberText, parseDateText, isNoValueText } from './values.js';
