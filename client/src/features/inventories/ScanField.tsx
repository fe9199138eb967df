import { TextInput } from '@mantine/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { GROUP_SEPARATOR, readScan, type ScannedPackage } from './scan.js';

export interface ScanFieldProps {
  label: string;
  onScan: (scanned: ScannedPackage) => void;
}

/**
 * A field a USB scanner types into (it types the code, then Enter). A scanner that sends the GS1
 * group separator as Ctrl+] has it put in as ASCII 29; what it typed is read on Enter (readScan),
 * and a code that is not GS1 says so.
 */
export function ScanField({ label, onScan }: ScanFieldProps): ReactNode {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.ctrlKey && (e.key === ']' || e.code === 'BracketRight')) {
      e.preventDefault();
      setText((t) => t + GROUP_SEPARATOR);
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (text.trim() === '') return;
    const scanned = readScan(text);
    if (scanned == null) {
      setError('Not a GS1 package code. Scan the DataMatrix on the package, or enter the lot by hand.');
      return;
    }
    setError(null);
    setText('');
    onScan(scanned);
  };
  return (
    <TextInput
      label={label}
      description="Click here and scan the package's barcode, or use the camera."
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        setError(null);
      }}
      onKeyDown={onKeyDown}
      error={error}
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
