// The libraries every page runs (React, React DOM, the router, TanStack Query): main.tsx imports
// them a task before the app (start.tsx), so that evaluating the start's modules is two shorter
// tasks instead of one a phone's taps wait behind (TBT, docs/scale.md "Smaller to load").
import "react";
import "react-dom/client";
import "react-router";
import "@tanstack/react-query";
