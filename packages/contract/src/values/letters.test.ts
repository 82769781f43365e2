import { describe, expect, it } from "vitest";
import {
  isLettersDigitsSpaces,
  isLetterWords,
  isLongEnoughName,
  isPersonName,
  isReference,
} from "./letters.js";

describe("letters of any script", () => {
  it.each([
    ["李伟", true],
    ["Müller", true],
    ["Patel-Ramanathan", true],
    ["O'Brien", true],
    ["D’Angelo", true],
    ["Mary Ann", true],
    ["Иванов", true],
    ["Nguyễn Văn An", true],
    ["José", true], // precomposed
    ["Jose\u0301", true], // with a combining accent
    ["R2D2", false],
    ["Bad#Name", false],
    ["-Smith", false],
    ["Smith-", false],
    ["O''Brien", false],
    ["Anne - Marie", false],
    ["'", false],
    ["", false],
  ])("a person's name %j: %s", (name, expected) => {
    expect(isPersonName(name)).toBe(expected);
  });

  it.each([
    ["李", 2, true],
    ["王", 2, true],
    ["김", 2, true],
    ["J", 2, false],
    ["É", 2, false],
    ["Jo", 2, true],
    ["李伟", 2, true],
  ])("%j is long enough for a minimum of %i: %s", (name, min, expected) => {
    expect(isLongEnoughName(name, min)).toBe(expected);
  });

  it.each([
    ["竹制砧板", true],
    ["Bamboo Cutting Board 2", true],
    ["李伟 2", true],
    ["Bad!name", false],
    ["a-b", false],
  ])("letters, digits and spaces %j: %s", (value, expected) => {
    expect(isLettersDigitsSpaces(value)).toBe(expected);
  });

  it("letter words refuse digits", () => {
    expect(isLetterWords("深圳 Shenzhen")).toBe(true);
    expect(isLetterWords("Room 5")).toBe(false);
  });

  it.each([
    ["PO-2026-1201", true],
    ["BK/55.1", true],
    ["REF 12 A", true],
    ["订单-88", true],
    ["PO#1", false],
    ["-PO", false],
    ["PO-", false],
    ["PO--1", true],
    ["../etc", false],
  ])("a booking reference %j: %s", (value, expected) => {
    expect(isReference(value)).toBe(expected);
  });
});
