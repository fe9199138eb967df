import { Table } from '@mantine/core';
import classes from './lightTable.module.css';

/*
 * Props for plain <tr>, <th> and <td> inside a Mantine <Table>: the class names and data
 * attributes Table.Tr, Table.Th and Table.Td would give them, so they look the same. Each
 * Table.Td is a whole Mantine component (props, theme, context, class names, Box), and the
 * long lists of the case screen have hundreds of cells: the checkpoint table of a 4-hour case
 * alone has 392, a large part of opening a case on a throttled tablet (issue 8 "Stays fast on
 * a long case"). For tables with the default row borders.
 */
export const CELL = { className: Table.classes.td } as const;
export const HEADER_CELL = { className: Table.classes.th } as const;
export const ROW = { className: Table.classes.tr, 'data-with-row-border': true } as const;
/** A row of a `<Table striped>`. */
export const STRIPED_ROW = { ...ROW, 'data-striped': 'odd' } as const;

/** The class of a list table that paints on its own: see lightTable.module.css. */
export const PAINTS_ALONE = classes.paintsAlone;
