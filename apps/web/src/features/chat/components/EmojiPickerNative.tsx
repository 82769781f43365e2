import EmojiPicker, { EmojiStyle } from "emoji-picker-react";

/** The picker with system emoji: no image downloads from third-party CDNs. */
export default function EmojiPickerNative({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      width={300}
      height={350}
    />
  );
}
