export function ImageLibraryDialog(_: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (image: { url: string; name: string }) => void;
}) {
  return null;
}
