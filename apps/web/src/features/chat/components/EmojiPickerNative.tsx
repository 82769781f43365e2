import {
  CategoryNav,
  EmojiStyle,
  Empty,
  List,
  LoadError,
  Loading,
  Root,
  Search,
  Viewport,
} from "emoji-picker-react/primitives";

/**
 * The picker with system emoji: no image downloads from third-party CDNs. Composed from the
 * library's parts, which fetch the emoji dataset as a chunk of its own when the picker opens,
 * so neither the picker nor the data is one oversized download.
 */
export default function EmojiPickerNative({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <Root
      appearance="default"
      colorScheme="light"
      emojiStyle={EmojiStyle.NATIVE}
      onEmojiClick={(data) => onPick(data.emoji)}
      style={{ width: 300, height: 350 }}
    >
      <Search />
      <CategoryNav />
      <Viewport>
        <List />
        <Empty />
        <Loading />
        <LoadError />
      </Viewport>
    </Root>
  );
}
