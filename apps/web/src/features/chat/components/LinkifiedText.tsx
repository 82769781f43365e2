import { Link } from "@mui/material";
import { Fragment } from "react";
import { splitLinks } from "../lib/format";

/** Message text with clickable links; rendered as text nodes, so markup in it stays inert. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((segment, index) =>
        segment.kind === "link" ? (
          <Link
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ color: "inherit", textDecorationColor: "currentColor", wordBreak: "break-all" }}
          >
            {segment.text}
          </Link>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
