/** The upload's progress while a form with attachments is sent (fetch cannot report it; XHR can). */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className="tickets__progress" part="progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
