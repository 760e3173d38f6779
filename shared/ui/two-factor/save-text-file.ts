/** Saves a text file through a temporary object URL (the recovery codes, spec §9). */
export function saveTextFile(file: { name: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download may find no file.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
