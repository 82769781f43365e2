import { describe, expect, it } from "vitest";
import { detectTrackingCarrier, trackingLinkFor } from "./tracking.js";

describe("detectTrackingCarrier", () => {
  it.each([
    ["1Z5R89390357567127", "ups"],
    ["1z 999 aa1 01 2345 6784", "ups"],
    ["986578788855", "fedex"],
    ["123456789012", "fedex"],
    ["3318810025", "dhl"],
    ["JJD0099999999", "dhl"],
    ["GM2951173225174494", "dhl"],
    ["7196 9010 7560 0307 7385", "usps"],
    ["TBA000000000000", "amazon"],
    ["C11031500001879", "ontrac"],
    ["RB123456785GB", "postal"],
    ["MSKU1234565", "maersk"],
    ["MSCU1234566", "msc"],
    ["MEDUAB123456", "msc"],
    ["CMAU1234564", "cma_cgm"],
    ["HLXU 123456 1", "hapag_lloyd"],
    ["HLCUHAM230512345", "hapag_lloyd"],
    ["CSNU1234560", "cosco"],
    // ISO 6346's own example, of an owner without a line of its own here.
    ["CSQU3054383", "ocean"],
    ["176-12345675", "air"],
    ["17612345675", "air"],
  ])("%s is %s", (number, carrier) => {
    expect(detectTrackingCarrier(number)).toEqual({ carrier, sure: true });
  });

  it("is unsure when check digits fail, nothing matches or two carriers match", () => {
    // A container number with a wrong check digit of an owner without a line here.
    expect(detectTrackingCarrier("CSQU3054384")).toEqual({ carrier: null, sure: false });
    expect(detectTrackingCarrier("1234567890")).toEqual({ carrier: null, sure: false });
    expect(detectTrackingCarrier("42")).toEqual({ carrier: null, sure: false });
    expect(detectTrackingCarrier("")).toEqual({ carrier: null, sure: false });
    // A DHL Express number or an air waybill: both check digits hold.
    expect(detectTrackingCarrier("82617809676")).toEqual({ carrier: "dhl", sure: false });
    // Written as an air waybill, it is one.
    expect(detectTrackingCarrier("826-17809676")).toEqual({ carrier: "air", sure: true });
  });
});

describe("trackingLinkFor", () => {
  it("links each carrier's own tracking page", () => {
    expect(trackingLinkFor("1Z5R89390357567127")).toBe(
      "https://www.ups.com/track?tracknum=1Z5R89390357567127",
    );
    expect(trackingLinkFor("123456789012")).toBe(
      "https://www.fedex.com/fedextrack/?trknbr=123456789012",
    );
    expect(trackingLinkFor("3318810025")).toBe(
      "https://www.dhl.com/us-en/home/tracking.html?tracking-id=3318810025&submit=1",
    );
    expect(trackingLinkFor("7196 9010 7560 0307 7385")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=71969010756003077385",
    );
    expect(trackingLinkFor("TBA000000000000")).toBe(
      "https://track.amazon.com/tracking/TBA000000000000",
    );
    expect(trackingLinkFor("MSKU1234565")).toBe("https://www.maersk.com/tracking/MSKU1234565");
    expect(trackingLinkFor("HLXU1234561")).toContain("track-by-container-solution.html?container=");
    expect(trackingLinkFor("HLCUHAM230512345")).toContain("track-by-booking-solution.html?blno=");
    expect(trackingLinkFor("CSQU3054383")).toBe(
      "https://www.track-trace.com/container?number=CSQU3054383",
    );
    expect(trackingLinkFor("176-12345675")).toBe(
      "https://www.track-trace.com/aircargo?number=176-12345675",
    );
  });

  it("follows the agent's pick, and falls back to a multi-carrier tracker", () => {
    expect(trackingLinkFor("1234567890", "dhl")).toContain("dhl.com");
    expect(trackingLinkFor("82617809676", "air")).toBe(
      "https://www.track-trace.com/aircargo?number=826-17809676",
    );
    // Plain digits of no known format still get a link.
    expect(trackingLinkFor("1234567890")).toBe("https://parcelsapp.com/en/tracking/1234567890");
    expect(trackingLinkFor("82617809676")).toBe("https://parcelsapp.com/en/tracking/82617809676");
    expect(trackingLinkFor("3318810025", null)).toBe(
      "https://parcelsapp.com/en/tracking/3318810025",
    );
  });
});
